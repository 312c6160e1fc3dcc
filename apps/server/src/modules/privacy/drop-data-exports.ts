import { and, eq, gte, inArray, or, type SQL, type SQLWrapper } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database } from "../../db/client";
import { dataExport, member } from "../../db/schema";
import { sendJobInTransaction } from "../../jobs/send-in-transaction";
import type { Storage } from "../../providers/storage/storage";
import { exportKey } from "./export-storage-keys";
import { deleteExportFilesJob } from "./privacy-job-specs";

/**
 * Exports are copies: deleting a child, a family, a member's access or an account must reach every
 * export that holds their data, or the zip (and its e-mailed link) outlives the deletion
 * (decision 0043). An export holds a family's data when its parent was a member while it was built,
 * so the live exports that can hold it are those of the family's current members (a removed
 * member's go at removal) that were pending, or became ready after the data existed.
 *
 * The rows go inside the deleting transaction, so the settings page stops offering them at once;
 * the files right after it commits (deleteExportFiles). A job sent in the same transaction deletes
 * the files too, so a process that stops between the commit and the files (whose rows are gone,
 * so no expiry would ever find them) leaves nothing behind. A build still running finds its row
 * gone and deletes what it wrote itself (build-data-export.ts).
 */
export type DroppedExports = { keys: string[]; safetyNetJobId: string | null };

/** Deletes the matching export rows (pending or ready); returns the files to delete after commit. */
async function dropWhere(tx: Database, boss: PgBoss, where: SQL | undefined): Promise<DroppedExports> {
  const dropped = await tx
    .delete(dataExport)
    .where(and(inArray(dataExport.status, ["pending", "ready"]), where))
    .returning({ id: dataExport.id, userId: dataExport.userId });
  const keys = dropped.map((row) => exportKey(row.userId, row.id));
  if (keys.length === 0) return { keys, safetyNetJobId: null };
  const safetyNetJobId = await sendJobInTransaction(tx, boss, deleteExportFilesJob, { keys });
  return { keys, safetyNetJobId };
}

/** Of the family's members, exports pending or made since `since` (the child's or member's arrival). */
const heldBy = (userIds: SQLWrapper | string[], since?: Date) =>
  and(
    inArray(dataExport.userId, userIds),
    since ? or(eq(dataExport.status, "pending"), gte(dataExport.readyAt, since)) : undefined,
  );

const membersOf = (tx: Database, familyId: string) =>
  tx.select({ userId: member.userId }).from(member).where(eq(member.organizationId, familyId));

/** A child is being deleted: every member's export that may hold it. Call before the child's row goes. */
export function dropExportsHoldingChild(
  tx: Database,
  boss: PgBoss,
  options: { familyId: string; childAddedAt: Date },
) {
  return dropWhere(tx, boss, heldBy(membersOf(tx, options.familyId), options.childAddedAt));
}

/** A family is being deleted: every member's export. Call before the members' rows go. */
export function dropExportsHoldingFamily(tx: Database, boss: PgBoss, familyId: string) {
  return dropWhere(tx, boss, heldBy(membersOf(tx, familyId)));
}

/** A member loses access: their exports made while they were in the family. */
export function dropExportsOfMember(tx: Database, boss: PgBoss, options: { userId: string; joinedAt: Date }) {
  return dropWhere(tx, boss, heldBy([options.userId], options.joinedAt));
}

/** An account is being deleted: all of its exports. */
export function dropExportsOfUser(tx: Database, boss: PgBoss, userId: string) {
  return dropWhere(tx, boss, eq(dataExport.userId, userId));
}

/** After commit: the files now, then the safety net is not needed (if it already ran, it found nothing). */
export async function deleteExportFiles(
  deps: { storage: Storage; boss: PgBoss },
  dropped: DroppedExports,
): Promise<void> {
  if (dropped.keys.length > 0) await deps.storage.delete(dropped.keys);
  if (dropped.safetyNetJobId) {
    await deps.boss.deleteJob(deleteExportFilesJob.name, dropped.safetyNetJobId).catch(() => undefined);
  }
}
