import type PgBoss from "pg-boss";
import type { z } from "zod";
import type { JobDefinition } from "./job-definition";

type Logger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** pg-boss expires an active job after this long unless its queue says otherwise (its default). */
const DEFAULT_EXPIRE_SECONDS = 15 * 60;

/**
 * Creates every job's queue (idempotent), brings an existing queue's retry and expiry settings up to
 * date with its definition, and (for workers) registers the cron schedules. Every role runs it at
 * start-up, under the schema lock (queue creation is DDL: unlocked, parallel starts deadlock). A job
 * sent to a queue that does not exist yet would be dropped by pg-boss.
 */
export async function prepareJobQueues(
  boss: PgBoss,
  jobs: readonly JobDefinition<z.ZodType, never>[],
  options: { schedules: boolean },
) {
  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, ...job.options });
    if (job.options) await boss.updateQueue(job.name, { name: job.name, ...job.options });
    if (options.schedules && job.schedule) await boss.schedule(job.name, job.schedule, {});
  }
}

export type Worker = {
  /** Fetch now rather than at the next poll: a job was just sent to this queue (or to every queue). */
  nudge(queueName?: string): void;
  /**
   * Stops taking jobs, lets running ones finish within `graceMs`, then hands any still running back
   * to pg-boss as failed, so another worker retries them at once instead of after their expiry.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
};

/** Told of every job that ends (the metrics). */
export type JobObserver = (queue: string, outcome: "completed" | "failed", seconds: number) => void;

type QueueLoop = { name: string; nudge(): void; stop(graceMs: number): Promise<void> };

/**
 * How long an idle queue waits before polling again: the polling interval at first, doubling with
 * each empty fetch in a row up to the idle maximum. Senders wake workers at once (job-signal.ts), so
 * this bounds only what arrives unannounced: retries coming due, scheduled jobs.
 */
export function idleWait(pollingMs: number, idleMaxMs: number, emptyFetches: number): number {
  const doublings = Math.max(0, emptyFetches - 1);
  return Math.min(Math.max(pollingMs, idleMaxMs), pollingMs * 2 ** Math.min(doublings, 20));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Works one queue with up to `concurrency` jobs at once. It asks pg-boss for as many jobs as it has
 * free slots (priority first, SKIP LOCKED, so any number of processes share a queue), starts each
 * at once, and fetches again the moment a job ends — it waits out the polling interval only when
 * the queue is empty. (pg-boss 10's own `work()` runs one batch at a time and then sleeps the
 * interval, i.e. one job per second per queue.)
 */
function workQueue<Deps>(options: {
  boss: PgBoss;
  job: JobDefinition<z.ZodType, Deps>;
  deps: Deps;
  logger: Logger;
  concurrency: number;
  pollingIntervalMs: number;
  /** The longest wait between polls of an empty queue (the wait doubles from pollingIntervalMs). */
  idlePollingIntervalMs: number;
  observe?: JobObserver | undefined;
}): QueueLoop {
  const { boss, job, logger } = options;
  const running = new Map<string, Promise<void>>();
  /** Jobs given back to pg-boss by stop(): whatever their handler does later must not touch them. */
  const handedBack = new Set<string>();
  let stopping = false;
  /** Empty fetches in a row: each doubles the wait before the next, up to idlePollingIntervalMs. */
  let emptyFetches = 0;
  let wakeSleeper: (() => void) | null = null;
  let wokenEarly = false;

  const wake = () => {
    emptyFetches = 0;
    if (wakeSleeper) wakeSleeper();
    else wokenEarly = true;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wokenEarly) {
        wokenEarly = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleeper = null;
        resolve();
      }
      wakeSleeper = done;
    });

  const expireMs = (job.options?.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS) * 1000;

  async function runOne(item: PgBoss.JobWithMetadata) {
    const started = Date.now();
    const facts = {
      queue: job.name,
      jobId: item.id,
      attempt: item.retryCount + 1,
      retryLimit: item.retryLimit,
    };
    let expiry: NodeJS.Timeout | undefined;
    try {
      const payload = job.payload.parse(item.data);
      await Promise.race([
        job.handle(payload, options.deps),
        new Promise((_, reject) => {
          expiry = setTimeout(() => reject(new Error(`ran past its ${expireMs / 1000} s limit`)), expireMs);
        }),
      ]);
      // Handed back at shutdown: the job is no longer ours to complete (another worker may have it).
      if (handedBack.has(item.id)) return;
      await boss.complete(job.name, item.id);
      options.observe?.(job.name, "completed", (Date.now() - started) / 1000);
    } catch (error) {
      if (handedBack.has(item.id)) return;
      options.observe?.(job.name, "failed", (Date.now() - started) / 1000);
      // One structured line per failed attempt; no payload (it may name a child), just ids and why.
      const retried = item.retryCount < item.retryLimit;
      logger.warn(
        { ...facts, durationMs: Date.now() - started, reason: reasonOf(error), willRetry: retried },
        retried ? "job failed, will retry" : "job failed for good",
      );
      await boss
        .fail(job.name, item.id, { message: reasonOf(error) })
        .catch((failError: unknown) =>
          logger.error({ ...facts, err: failError }, "could not record a job failure"),
        );
    } finally {
      clearTimeout(expiry);
    }
  }

  const loop = (async () => {
    while (!stopping) {
      const free = options.concurrency - running.size;
      if (free > 0) {
        let items: PgBoss.JobWithMetadata[] = [];
        try {
          items = await boss.fetch(job.name, { batchSize: free, includeMetadata: true, priority: true });
        } catch (error) {
          logger.error({ queue: job.name, err: error }, "could not fetch jobs");
        }
        for (const item of items) {
          const done = runOne(item).finally(() => {
            running.delete(item.id);
            wake();
          });
          running.set(item.id, done);
        }
        // Every slot filled: there may be more waiting, fetch again as soon as one frees up.
        if (items.length > 0 && items.length === free) continue;
        emptyFetches = items.length > 0 || running.size > 0 ? 0 : emptyFetches + 1;
      }
      await sleep(idleWait(options.pollingIntervalMs, options.idlePollingIntervalMs, emptyFetches));
    }
  })();

  return {
    name: job.name,
    nudge: wake,
    async stop(graceMs) {
      stopping = true;
      wake();
      await loop;
      const unfinished = [...running.keys()];
      if (unfinished.length === 0) return;
      const finished = Promise.all(running.values()).then(() => true);
      const inTime = await Promise.race([
        finished,
        new Promise((resolve) => setTimeout(resolve, graceMs, false)),
      ]);
      if (inTime) return;
      const left = [...running.keys()];
      for (const id of left) handedBack.add(id);
      logger.warn({ queue: job.name, jobIds: left }, "stopping: handing unfinished jobs back for retry");
      const message = { message: "The worker stopped before the job finished." };
      await Promise.all(left.map((id) => boss.fail(job.name, id, message).catch(() => {})));
    },
  };
}

/**
 * Starts working each job's queue (created by prepareJobQueues). Any number of worker processes may
 * run this: pg-boss hands each job to exactly one of them (SKIP LOCKED).
 */
export async function startWorker<Deps>(options: {
  boss: PgBoss;
  jobs: readonly JobDefinition<z.ZodType, Deps>[];
  deps: Deps;
  logger: Logger;
  pollingIntervalSeconds: number;
  /** The longest wait between polls of an empty queue (QUEUE_IDLE_POLL_INTERVAL_SECONDS). */
  idlePollingIntervalSeconds: number;
  /** Subscribes to job-sent signals (a queue name each; see job-signal.ts) until unsubscribed. */
  listenForJobs?: (onQueue: (queue: string) => void) => Promise<() => Promise<void>>;
  observe?: JobObserver;
}): Promise<Worker> {
  const loops = options.jobs.map((job) =>
    workQueue({
      boss: options.boss,
      job,
      deps: options.deps,
      logger: options.logger,
      concurrency: job.concurrency?.(options.deps) ?? 1,
      pollingIntervalMs: options.pollingIntervalSeconds * 1000,
      idlePollingIntervalMs: options.idlePollingIntervalSeconds * 1000,
      observe: options.observe,
    }),
  );
  const nudge = (queueName?: string) => {
    for (const loop of loops) if (!queueName || loop.name === queueName) loop.nudge();
  };
  // Without the signal the worker still finds every job, only by polling (up to the idle interval).
  const unlisten = await options
    .listenForJobs?.((queue) => nudge(queue))
    .catch((error: unknown) => {
      options.logger.warn({ err: error }, "no job signals: new jobs are found by polling alone");
      return undefined;
    });
  options.logger.info(
    {
      jobs: options.jobs.map((job) => `${job.name}×${job.concurrency?.(options.deps) ?? 1}`),
    },
    "worker started",
  );
  return {
    nudge,
    async stop({ graceMs = 20_000 } = {}) {
      await unlisten?.().catch(() => {});
      await Promise.all(loops.map((loop) => loop.stop(graceMs)));
      options.logger.info({}, "worker stopped");
    },
  };
}
