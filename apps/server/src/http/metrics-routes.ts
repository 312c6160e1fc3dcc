import { commonErrorCodes } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { Metrics } from "../observability/metrics";
import { bearsSecret } from "./bearer-secret";
import { sendError } from "./error-handler";

/**
 * Records every request's latency by route pattern and status, and serves the Prometheus text at
 * GET /metrics to callers bearing METRICS_TOKEN (the numbers describe the business: not public).
 * Applied to the root instance itself (not registered as a plugin), so its hook sees every route.
 */
export function metricsRoutes(deps: { metrics: Metrics; token: string | undefined }) {
  return async (app: FastifyInstance) => {
    app.addHook("onResponse", async (request, reply) => {
      deps.metrics.observeRequest(
        {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
    });
    const { token } = deps;
    if (!token) return;
    app.get("/metrics", async (request, reply) => {
      if (!bearsSecret(request, token)) {
        return sendError(reply, 401, {
          code: commonErrorCodes.unauthenticated,
          message: "Metrics need the METRICS_TOKEN as a bearer token.",
        });
      }
      reply.header("content-type", deps.metrics.registry.contentType);
      return deps.metrics.registry.metrics();
    });
  };
}
