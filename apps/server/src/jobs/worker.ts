import type PgBoss from "pg-boss";
import type { z } from "zod";
import type { JobDefinition } from "./job-definition";

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

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
  for (const job of options.jobs) {
    await options.boss.createQueue(job.name, { name: job.name, ...job.options });
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
