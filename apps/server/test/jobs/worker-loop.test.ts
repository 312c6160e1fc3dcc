import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import type { JobDefinition } from "../../src/jobs/job-definition";
import { sendJob } from "../../src/jobs/job-definition";
import { jobSignalListener } from "../../src/jobs/job-signal";
import { idleWait, prepareJobQueues, startWorker, type Worker } from "../../src/jobs/worker";
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
/**
 * Jobs wait for this before they end: while it is shut, the worker's slots stay full, so how many run
 * at once is read off the loop, not raced against a job's duration on a busy machine.
 */
let openGate = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

const slowJob: JobDefinition<z.ZodType, Record<string, never>> = {
  name: "test.slow",
  payload: z.object({ n: z.number() }),
  concurrency: () => 3,
  async handle(payload: { n: number }) {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    // The first test's nine (n < 100) are held; later jobs end at once.
    if (payload.n < 100) await gate;
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
    idlePollingIntervalSeconds: 30,
    listenForJobs: jobSignalListener(t.database.listen),
  });
});
afterAll(async () => {
  await worker?.stop({ graceMs: 0 });
  await t.close();
});

/** Polls for something that will happen; the 20 s ceiling only detects a hang (polls are 30 s). */
async function until(done: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(done()).toBe(true);
}

it("runs up to its concurrency at once and takes queued jobs without waiting for a poll", async () => {
  for (let n = 0; n < 9; n++) await t.queue.boss.send(slowJob.name, { n });
  worker?.nudge(slowJob.name);
  // Nine queued, three slots: three start and hold them (a loop without the bound would start all).
  await until(() => running >= 3);
  expect(running).toBe(3);
  openGate();
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

it("picks up a job the moment it is sent, by its signal, without a poll or a nudge", async () => {
  const before = handled.length;
  // Sent through the product's own path (sendJob signals the queue); polls are 30 s apart here.
  await sendJob(t.queue.boss, slowJob, { n: 100 });
  await until(() => handled.length === before + 1);
  expect(handled.at(-1)).toBe(100);
});

it("polls an empty queue less and less often, down to the idle interval", () => {
  expect([0, 1, 2, 3, 4, 5, 6, 10].map((empty) => idleWait(1000, 15_000, empty))).toEqual([
    1000, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
  ]);
  // A setting below the busy interval never makes polling faster than the busy interval.
  expect(idleWait(2000, 1000, 8)).toBe(2000);
});
