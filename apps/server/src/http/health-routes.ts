import { healthEndpoint, readyEndpoint } from "@wonderkin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DatabaseConnection } from "../db/client";
import type { Queue } from "../jobs/queue";
import { checkReadiness } from "../modules/health/check-readiness";

/** Only what readiness looks at (not the whole app's deps, which would import app.ts back). */
type HealthDeps = {
  database: DatabaseConnection;
  queue: Pick<Queue, "isStarted">;
  /** The overload guard's view: while it sheds, readiness answers 503 busy (decision 0040). */
  isShedding?: () => boolean;
};

export function healthRoutes(deps: HealthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Liveness: the process answers. Deliberately touches nothing else, so a slow database does
    // not get healthy instances restarted.
    app.get(healthEndpoint.path, { schema: { response: { 200: healthEndpoint.response } } }, async () => ({
      status: "ok" as const,
      uptimeSeconds: Math.round(process.uptime()),
    }));

    // Readiness: this instance can serve product traffic, and is not refusing it for being full.
    app.get(
      readyEndpoint.path,
      { schema: { response: { 200: readyEndpoint.response, 503: readyEndpoint.response } } },
      async (request, reply) => {
        const result = await checkReadiness({
          connection: deps.database,
          queue: deps.queue,
          shedding: deps.isShedding?.() ?? false,
          onFailure: (check, error) => request.log.warn({ err: error, check }, "readiness check failed"),
        });
        return reply.status(result.status === "ready" ? 200 : 503).send(result);
      },
    );
  };
}
