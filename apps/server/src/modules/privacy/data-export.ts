import { randomUUID } from "node:crypto";
import { type DataExport, privacyErrorCodes, privacyMessages } from "@wonderkin/contract";
import { and, asc, desc, eq, gt, inArray, lt, lte } from "drizzle-orm";
import { dataExport } from "../../db/schema";
import { sendJobInTransaction } from "../../jobs/send-in-transaction";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { type BatchOptions, walkInBatches } from "../../lib/walk-in-batches";
import type { Storage } from "../../providers/storage/storage";
import type { PrivacyDeps } from "./privacy-deps";
import { buildDataExportJob } from "./privacy-job-specs";

export type DataExportRow = typeof dataExport.$inferSelect;

/** How long a finished export is kept (and can be downloaded) before its file is deleted. */
export const EXPORT_RETENTION_DAYS = 7;
/** A pending export this old was lost with its worker: it is marked failed so a new one can start. */
export const EXPORT_STALE_HOURS = 6;

/** The file name the browser saves an export under. */
export const exportDownloadName = (appName: string, row: Pick<DataExportRow, "createdAt">) =>
  `${appName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-data-${row.createdAt.toISOString().slice(0, 10)}.zip`;

/** The API's view of an export: a fresh signed address while it can be downloaded. */
export async function toDataExport(
  deps: { storage: Storage; env: Pick<PrivacyDeps["env"], "APP_NAME"> },
  row: DataExportRow,
  now = new Date(),
): Promise<DataExport> {
  // Past its expiry but not yet swept by the hourly job: already as good as gone.
  const lapsed = row.status === "ready" && row.expiresAt !== null && row.expiresAt <= now;
  const status = lapsed ? "expired" : (row.status as DataExport["status"]);
  const url =
    status === "ready" && row.storageKey
      ? await deps.storage.signedUrl(row.storageKey, {
          downloadName: exportDownloadName(deps.env.APP_NAME, row),
        })
      : null;
  return {
    id: row.id,
    status,
    progress: row.progress,
    url,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * /user/export: records the request and queues its job in one transaction. One export at a time
 * per parent (a partial unique index makes that true under concurrency too): 409 while one is pending.
 */
export async function requestDataExport(deps: PrivacyDeps, options: { userId: string }): Promise<DataExport> {
  const id = randomUUID();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(dataExport).values({ id, userId: options.userId }).returning();
      await sendJobInTransaction(tx, deps.boss, buildDataExportJob, { exportId: id });
      return inserted;
    });
    if (!row) throw new Error("The export was not recorded");
    return toDataExport(deps, row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, privacyErrorCodes.exportInProgress, privacyMessages.exportInProgress);
    }
    throw error;
  }
}

/** /user/export/status: the parent's newest export, or null. */
export async function latestDataExport(
  deps: PrivacyDeps,
  options: { userId: string; now?: Date },
): Promise<DataExport | null> {
  const [row] = await deps.db
    .select()
    .from(dataExport)
    .where(eq(dataExport.userId, options.userId))
    .orderBy(desc(dataExport.createdAt), desc(dataExport.id))
    .limit(1);
  return row ? toDataExport(deps, row, options.now) : null;
}

/**
 * The hourly sweep: exports past their expiry lose their file and are marked expired; exports
 * pending for hours (their worker died) are marked failed, so the parent can ask again. Both are
 * walked in batches by id (`options.batchSize`, 100 by default), never all at once.
 */
export async function expireDataExports(
  deps: Pick<PrivacyDeps, "db" | "storage">,
  now = new Date(),
  options: BatchOptions = {},
): Promise<{ expired: number; failed: number }> {
  let expired = 0;
  await walkInBatches({
    batchSize: options.batchSize,
    read: (after: string | undefined, limit) =>
      deps.db
        .select({ id: dataExport.id, storageKey: dataExport.storageKey })
        .from(dataExport)
        .where(
          and(
            eq(dataExport.status, "ready"),
            lte(dataExport.expiresAt, now),
            after === undefined ? undefined : gt(dataExport.id, after),
          ),
        )
        .orderBy(asc(dataExport.id))
        .limit(limit),
    keyOf: (row) => row.id,
    async handle(due) {
      const keys = due.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
      // Files first: a failure leaves the rows to find next time.
      if (keys.length > 0) await deps.storage.delete(keys);
      await deps.db
        .update(dataExport)
        .set({ status: "expired", storageKey: null })
        .where(
          and(
            eq(dataExport.status, "ready"),
            inArray(
              dataExport.id,
              due.map((row) => row.id),
            ),
          ),
        );
      expired += due.length;
    },
  });

  const staleBefore = new Date(now.getTime() - EXPORT_STALE_HOURS * 3_600_000);
  let failed = 0;
  await walkInBatches({
    batchSize: options.batchSize,
    read: (after: string | undefined, limit) =>
      deps.db
        .select({ id: dataExport.id })
        .from(dataExport)
        .where(
          and(
            eq(dataExport.status, "pending"),
            lt(dataExport.createdAt, staleBefore),
            after === undefined ? undefined : gt(dataExport.id, after),
          ),
        )
        .orderBy(asc(dataExport.id))
        .limit(limit),
    keyOf: (row) => row.id,
    async handle(due) {
      // Still pending and still stale when written: an export its worker finished meanwhile stays ready.
      const stale = await deps.db
        .update(dataExport)
        .set({ status: "failed", error: "The export was interrupted." })
        .where(
          and(
            eq(dataExport.status, "pending"),
            lt(dataExport.createdAt, staleBefore),
            inArray(
              dataExport.id,
              due.map((row) => row.id),
            ),
          ),
        )
        .returning({ id: dataExport.id, storageKey: dataExport.storageKey });
      const leftovers = stale.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
      if (leftovers.length > 0) await deps.storage.delete(leftovers);
      failed += stale.length;
    },
  });
  return { expired, failed };
}

/** A row that is still being prepared (the job's progress and completion only touch those). */
export const stillPending = (exportId: string) =>
  and(eq(dataExport.id, exportId), eq(dataExport.status, "pending"));
