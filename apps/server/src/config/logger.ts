import type { FastifyServerOptions } from "fastify";
import type { Env } from "./env";

/** JSON logs in production (for the log pipeline); readable lines when a developer runs it. */
export function loggerOptions(env: Env): FastifyServerOptions["logger"] {
  if (env.LOG_LEVEL === "silent") return false;
  const base = {
    level: env.LOG_LEVEL,
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
  };
  if (env.isProduction || env.NODE_ENV === "test") return base;
  return {
    ...base,
    transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } },
  };
}
