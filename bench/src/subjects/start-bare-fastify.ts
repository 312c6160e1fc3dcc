import Fastify from "fastify";
import type { RunningServer } from "../harness/benchmark";

/**
 * The floor: the same framework answering the same route with nothing else — no logger, no
 * validation, no hooks, no security headers. What the full app loses against it is the cost of
 * everything the product adds around a request.
 */
export async function startBareFastify(): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get("/api/health", async () => ({ status: "ok" }));
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });
  return { origin, close: () => app.close() };
}
