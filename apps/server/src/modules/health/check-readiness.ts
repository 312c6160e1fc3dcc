import type { ReadyResponse } from "@wonderkin/contract";
import type { DatabaseConnection } from "../../db/client";
import { readMigrationStatus } from "../../db/migrate";
import type { Queue } from "../../jobs/queue";

/**
 * Details stay generic on purpose: the endpoint is public (load balancers call it), so the cause is
 * reported to the log through `onFailure`, not to the caller.
 */
export async function checkReadiness(options: {
  connection: DatabaseConnection;
  queue: Pick<Queue, "isStarted"> | null;
  /** The instance is shedding requests (at its in-flight limit, or shed one moments ago). */
  shedding?: boolean;
  onFailure: (check: string, error: unknown) => void;
}): Promise<ReadyResponse> {
  const checks: ReadyResponse["checks"] = {
    database: { ok: false },
    migrations: { ok: false },
    queue: { ok: false },
    capacity: { ok: true },
  };
  try {
    await options.connection.executeSql("select 1");
    checks.database = { ok: true };
  } catch (error) {
    options.onFailure("database", error);
    checks.database = { ok: false, detail: "database unreachable" };
  }
  if (checks.database.ok) {
    try {
      const status = await readMigrationStatus(options.connection);
      checks.migrations = status.upToDate
        ? { ok: true, detail: `${status.applied} applied` }
        : { ok: false, detail: `${status.applied} of ${status.expected} applied` };
    } catch (error) {
      options.onFailure("migrations", error);
      checks.migrations = { ok: false, detail: "migration state unreadable" };
    }
  } else {
    checks.migrations = { ok: false, detail: "database unreachable" };
  }
  checks.queue = options.queue?.isStarted() ? { ok: true } : { ok: false, detail: "job queue not started" };
  if (options.shedding) checks.capacity = { ok: false, detail: "busy: shedding requests" };
  const ready = checks.database.ok && checks.migrations.ok && checks.queue.ok;
  // Broken outranks busy: an instance that cannot serve should not look like one that merely waits.
  return { status: !ready ? "not_ready" : options.shedding ? "busy" : "ready", checks };
}
