import type PgBoss from "pg-boss";
import type { z } from "zod";
import type { Database } from "../db/client";
import type { JobDefinition } from "./job-definition";
import { signalJobSent } from "./job-signal";

type RawClient = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The raw client under a Drizzle transaction (a node-postgres PoolClient or a PGlite transaction:
 * both answer `query(text, values)`). Drizzle keeps it on the session; it has no public accessor.
 */
function clientOf(tx: Database): RawClient {
  const client = (tx as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== "function") throw new Error("Not a Drizzle transaction");
  return client;
}

/**
 * Sends a job inside the caller's transaction (pg-boss's `db` option): the job exists exactly when
 * the transaction commits — no job without its data, no data without its job.
 */
export async function sendJobInTransaction<Schema extends z.ZodType>(
  tx: Database,
  boss: PgBoss,
  job: Pick<JobDefinition<Schema, unknown>, "name" | "payload">,
  payload: z.infer<Schema>,
  options: PgBoss.SendOptions = {},
): Promise<string> {
  const client = clientOf(tx);
  const id = await boss.send(job.name, job.payload.parse(payload) as object, {
    ...options,
    db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
  });
  // pg-boss answers null when the queue does not exist (or a singleton is taken); neither may pass silently.
  if (!id && !options.singletonKey) throw new Error(`Job ${job.name} was not queued: does its queue exist?`);
  // In the transaction too: PostgreSQL delivers the signal on commit, when the job is there to fetch.
  if (id) await signalJobSent((text, values) => client.query(text, values), job.name);
  return id ?? "";
}
