import type PgBoss from "pg-boss";
import type { z } from "zod";
import { signalJobSent } from "./job-signal";

/**
 * A background job: its queue name, the zod schema of its payload (checked when it is sent and when
 * it is worked, so a job written by an older build fails loudly instead of misbehaving) and its
 * handler. Capabilities build theirs with `defineJob` (define-job.ts) and list them in `job-registry.ts`.
 */
export type JobDefinition<Schema extends z.ZodType, Deps> = {
  name: string;
  payload: Schema;
  options?: Omit<PgBoss.Queue, "name">;
  /** A cron expression: the job is also sent on this schedule (by one instance, pg-boss decides). */
  schedule?: string;
  /** Jobs of this queue one worker process runs at once (default 1), e.g. from a setting. */
  concurrency?: (deps: Deps) => number;
  handle(payload: z.infer<Schema>, deps: Deps): Promise<void>;
};

export async function sendJob<Schema extends z.ZodType>(
  boss: PgBoss,
  job: Pick<JobDefinition<Schema, unknown>, "name" | "payload">,
  payload: z.infer<Schema>,
  options?: PgBoss.SendOptions,
): Promise<string | null> {
  const id = await boss.send(job.name, job.payload.parse(payload) as object, options ?? {});
  const db = boss.getDb();
  if (id) await signalJobSent((text, values) => db.executeSql(text, values), job.name);
  return id;
}
