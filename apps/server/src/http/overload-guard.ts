import { commonErrorCodes } from "@wonderkin/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Liveness and readiness must answer while the instance is busy, or a busy instance looks dead. */
const EXEMPT = new Set(["/api/health", "/api/ready"]);

const counted = Symbol("counted by the overload guard");
type CountedRequest = FastifyRequest & { [counted]?: boolean };

/**
 * Bounds the API requests one instance works on at once. Beyond `maxInFlight`, a request is
 * answered at once with 503 SERVER_BUSY and `Retry-After`, instead of joining a queue for database
 * connections where everyone's wait grows (500 requests at once reached a 20 s p99 without it).
 * Static files and the health checks are not counted. Decision 0026.
 */
export function registerOverloadGuard(
  app: FastifyInstance,
  options: { maxInFlight: number; retryAfterSeconds: number },
): { inFlight(): number } {
  let inFlight = 0;
  const release = (request: CountedRequest) => {
    if (!request[counted]) return;
    request[counted] = false;
    inFlight -= 1;
  };

  app.addHook("onRequest", async (request: CountedRequest, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/") || EXEMPT.has(path)) return;
    if (inFlight >= options.maxInFlight) {
      return reply.code(503).header("retry-after", String(options.retryAfterSeconds)).send({
        code: commonErrorCodes.serverBusy,
        message: "We're busy right now. Please try again in a moment.",
      });
    }
    inFlight += 1;
    request[counted] = true;
    // The response's "close" comes for every request, sent or not. A client that hangs up once its
    // body has been read gets neither onResponse nor onRequestAbort, and its place would be lost
    // for good (a few load tests later, the instance refused everything). release() runs once.
    reply.raw.once("close", () => release(request));
  });
  // In-process requests (inject) have no socket to close.
  app.addHook("onResponse", async (request: CountedRequest) => release(request));

  return { inFlight: () => inFlight };
}
