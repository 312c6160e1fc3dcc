import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import type { JobDefinition } from "../../src/jobs/job-definition";
import { prepareJobQueues, startWorker, type Worker } from "../../src/jobs/worker";
import { createTestApp, type TestApp } from "../create-test-app";

/** The worker's own loop, on queues of its own: concurrency, immediate pickup, failure lines. */
let t: TestApp;
let worker: Worker | null = null;
const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
const logger = {
  info: (obj: object, msg: string) => lines.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
  warn: (obj: object, msg: string) => lines.push({ level: "warn", obj: obj as Record<string, unknown>, msg }),
  error: (obj: object, msg: string) =>
    lines.push({ level: "error", obj: obj as Record<string, unknown>, msg }),
};

let running = 0;
let mostAtOnce = 0;
const handled: number[] = [];

const slowJob: JobDefinition<z.ZodType, Record<string, never>> = {
  name: "test.slow",
  payload: z.object({ n: z.number() }),
  concurrency: () => 3,
  async handle(payload: { n: number }) {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 150));
    handled.push(payload.n);
    running -= 1;
  },
};

const failingJob: JobDefinition<z.ZodType, Record<string, never>> = {
  name: "test.failing",
  payload: z.object({ childName: z.string() }),
  options: { retryLimit: 1, retryDelay: 1 },
  async handle() {
    throw new Error("the provider said no");
  },
};

beforeAll(async () => {
  t = await createTestApp();
  await prepareJobQueues(t.queue.boss, [slowJob, failingJob], { schedules: false });
  worker = await startWorker({
    boss: t.queue.boss,
    jobs: [slowJob, failingJob],
    deps: {},
    logger,
    // Long on purpose: the jobs below must not wait for a poll to be picked up.
    pollingIntervalSeconds: 30,
  });
});
afterAll(async () => {
  await worker?.stop({ graceMs: 0 });
  await t.close();
});

async function until(done: () => boolean) {
  for (let attempt = 0; attempt < 300 && !done(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(done()).toBe(true);
}

it("runs up to its concurrency at once and takes queued jobs without waiting for a poll", async () => {
  for (let n = 0; n < 9; n++) await t.queue.boss.send(slowJob.name, { n });
  worker?.nudge(slowJob.name);
  await until(() => handled.length === 9);
  expect(mostAtOnce).toBe(3);
  expect([...handled].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
});

it("logs one structured line per failed attempt, without the payload", async () => {
  await t.queue.boss.send(failingJob.name, { childName: "Mia" });
  worker?.nudge(failingJob.name);
  await until(() => lines.some((line) => line.msg === "job failed, will retry"));
  const failure = lines.find((line) => line.msg === "job failed, will retry");
  expect(failure?.level).toBe("warn");
  expect(failure?.obj).toMatchObject({
    queue: "test.failing",
    attempt: 1,
    retryLimit: 1,
    reason: "the provider said no",
    willRetry: true,
  });
  expect(typeof failure?.obj.jobId).toBe("string");
  expect(JSON.stringify(lines)).not.toContain("Mia");
});
