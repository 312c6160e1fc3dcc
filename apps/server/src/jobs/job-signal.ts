/**
 * Wakes workers the moment a job is sent, in this process or any other on the same database:
 * senders NOTIFY this channel with the queue's name (inside the sender's transaction, so it is
 * delivered on commit, when the job exists), and each worker LISTENs and fetches that queue at once.
 * With it, an idle worker can poll rarely (decision 0026).
 */
export const JOB_CHANNEL = "wonderkin_job_sent";

type ExecuteSql = (text: string, values: unknown[]) => Promise<unknown>;

/** Tells every listening worker that `queue` has a new job. */
export async function signalJobSent(executeSql: ExecuteSql, queue: string): Promise<void> {
  await executeSql("SELECT pg_notify($1, $2)", [JOB_CHANNEL, queue]);
}

type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/** The worker's subscription to job-sent signals, on the product's database connection. */
export function jobSignalListener(listen: Listen) {
  return (onQueue: (queue: string) => void) => listen(JOB_CHANNEL, onQueue);
}
