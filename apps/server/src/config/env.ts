import path from "node:path";
import { z } from "zod";
import { repoRoot } from "./paths";

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * The one reader of process.env. Everything configurable is declared here with its default, so the
 * product starts with no configuration at all (PGlite, local providers) and refuses to start with a
 * message naming the key when a chosen real component lacks one.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    ROLE: z.enum(["all", "api", "worker"]).default("all"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    APP_NAME: z.string().min(1).max(60).default("Wonderkin"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
    TRUST_PROXY: booleanFromString.default(false),
    QUEUE_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    AUTH_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message:
          "is required with DATABASE_URL in production: every instance must sign sessions with the same secret (e.g. `openssl rand -base64 32`)",
      });
    }
    if (env.ROLE !== "all" && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: `ROLE=${env.ROLE} runs the API and the worker as separate processes, which must share a PostgreSQL database: set DATABASE_URL (the embedded PGlite database belongs to a single process)`,
      });
    }
  });

export type EnvInput = z.input<typeof envSchema>;

export type Env = z.infer<typeof envSchema> & {
  /** Absolute data directory (DATA_DIR resolved against the working directory). */
  dataDir: string;
  /** The origin the product is reached at; used for links in e-mails and redirects. */
  publicUrl: string;
  isProduction: boolean;
};

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, so `FOO=` in a shell or .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    isProduction: env.NODE_ENV === "production",
  };
}
