import type { Benchmark } from "../harness/benchmark";
import { measureServer, type ServerSubject } from "../harness/measure-server";
import { startBareFastify } from "../subjects/start-bare-fastify";
import { startFullApp } from "../subjects/start-full-app";

const PATH = "/api/health";

const bare: ServerSubject = {
  name: "bare",
  description: `bare Fastify hello-world answering {"status":"ok"}`,
  start: startBareFastify,
  check: (response) => expectHealthy(response),
};

const full: ServerSubject = {
  name: "full",
  description: "the full Wonderkin app (production settings, PGlite, job queue, all plugins)",
  start: startFullApp,
  check: async (response) => {
    await expectHealthy(response);
    // The full app must answer with its own plugins in place, or the comparison compares nothing.
    if (!response.headers.get("content-security-policy")) {
      throw new Error(`${PATH} of the full app came without its security headers`);
    }
  },
};

/**
 * The fixed cost of the product's request pipeline: the cheapest endpoint (it touches neither the
 * database nor the queue) through the full app, against the same route on bare Fastify.
 */
export const healthBenchmark: Benchmark = {
  name: "health",
  description: `GET ${PATH}: full app vs bare Fastify`,
  async run(settings) {
    // The bare server goes first, so the full app's large embedded database is not yet in memory
    // (and its garbage not yet to collect) while the baseline is measured.
    const subjects = [await measureServer(bare, PATH, settings), await measureServer(full, PATH, settings)];
    return { subjects, comparison: { subject: "full", baseline: "bare" } };
  },
};

async function expectHealthy(response: Response): Promise<void> {
  // Parsed before the status check so the connection is drained either way.
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
  if (response.status !== 200 || body?.status !== "ok") {
    throw new Error(
      `${PATH} answered ${response.status} ${JSON.stringify(body)}, expected 200 {"status":"ok"}`,
    );
  }
}
