import type PgBoss from "pg-boss";
import type { z } from "zod";
import type { JobDefinition } from "./job-definition";

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Creates every job's queue (idempotent). API instances do it too: a job sent to a queue that does
 * not exist yet would be dropped by pg-boss.
 */
export async function createJobQueues(boss: PgBoss, jobs: readonly JobDefinition<z.ZodType, never>[]) {
  for (const job of jobs) await boss.createQueue(job.name, { name: job.name, ...job.options });
}

/**
 * Creates each job's queue and starts working it. Any number of worker processes may run this: pg-boss
 * hands each job to exactly one of them (SKIP LOCKED).
 */
export async function startWorker<Deps>(options: {
  boss: PgBoss;
  jobs: readonly JobDefinition<z.ZodType, Deps>[];
  deps: Deps;
  logger: Logger;
  pollingIntervalSeconds: number;
}): Promise<void> {
  await createJobQueues(options.boss, options.jobs);
  for (const job of options.jobs) {
    await options.boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds },
      async ([item]) => {
        if (!item) return;
        const payload = job.payload.parse(item.data);
        await job.handle(payload, options.deps);
      },
    );
    if (job.schedule) await options.boss.schedule(job.name, job.schedule, {});
  }
  options.logger.info({ jobs: options.jobs.map((job) => job.name) }, "worker started");
}
