import { and, asc, eq, exists, gt, gte, inArray, lt, lte, not, notExists, or, sql } from "drizzle-orm";
import { child, childPhoto, childYearlyUpdate, session, user } from "../../db/schema";
import { type BatchOptions, walkInBatches } from "../../lib/walk-in-batches";
import { childStoragePrefix } from "../storage-layout/family-storage-prefix";
import { eraseAccount } from "./erase-account";
import { deleteFilesUnder } from "./erase-children";
import type { PrivacyDeps } from "./privacy-deps";

const DAY_MS = 86_400_000;

/**
 * A due child's photo that goes: one its model was trained on (there before the training started),
 * or one added later that waited the whole period (a yearly update never started).
 */
const trainedOnOrExpired = (cutoff: Date) =>
  or(lte(childPhoto.createdAt, cutoff), lt(childPhoto.createdAt, child.trainingStartedAt));

/**
 * Training photos are kept TRAINING_PHOTO_RETENTION_DAYS after the child's model was trained, then
 * deleted (rows and files; thumbnails too). The studio keeps working: portraits are made with the
 * model (a provider version, or the local model's own face crops), never from the photos.
 * A photo added later for a yearly update (decision 0069) is kept as long from its upload, so the
 * parent has that long to start the update; the update's own training then counts again, and no
 * photo is deleted while an update is running. Due children are read in batches by id
 * (`options.batchSize`, 100 by default), never all at once.
 */
export async function purgeTrainingPhotos(
  deps: Pick<PrivacyDeps, "db" | "storage" | "env">,
  now = new Date(),
  options: BatchOptions = {},
): Promise<{ children: number; photos: number }> {
  const cutoff = new Date(now.getTime() - deps.env.TRAINING_PHOTO_RETENTION_DAYS * DAY_MS);
  let children = 0;
  let photos = 0;
  await walkInBatches({
    batchSize: options.batchSize,
    read: (after: number | undefined, limit) =>
      deps.db
        .select({ id: child.id, familyId: child.organizationId })
        .from(child)
        .where(
          and(
            eq(child.trainingStatus, "completed"),
            lte(child.trainingCompletedAt, cutoff),
            exists(
              deps.db
                .select({ one: sql`1` })
                .from(childPhoto)
                .where(and(eq(childPhoto.childId, child.id), trainedOnOrExpired(cutoff))),
            ),
            notExists(
              deps.db
                .select({ one: sql`1` })
                .from(childYearlyUpdate)
                .where(and(eq(childYearlyUpdate.childId, child.id), eq(childYearlyUpdate.status, "started"))),
            ),
            after === undefined ? undefined : gt(child.id, after),
          ),
        )
        .orderBy(asc(child.id))
        .limit(limit),
    keyOf: (row) => row.id,
    async handle(due) {
      for (const { id, familyId } of due) {
        // One child's photos at a time (at most PHOTOS_MAX_PER_CHILD rows), each marked by the
        // same rule that found the child.
        const rows = await deps.db
          .select({
            id: childPhoto.id,
            storageKey: childPhoto.storageKey,
            thumbnailKey: childPhoto.thumbnailKey,
            expired: sql<boolean>`${trainedOnOrExpired(cutoff)}`.mapWith(Boolean),
          })
          .from(childPhoto)
          .innerJoin(child, eq(child.id, childPhoto.childId))
          .where(eq(childPhoto.childId, id));
        const expired = rows.filter((row) => row.expired);
        // Files first (a failure leaves the rows for the next run)…
        const keys = expired.flatMap((row) => [row.storageKey, row.thumbnailKey]);
        if (keys.length > 0) await deps.storage.delete(keys);
        // …including any without a row, once no newer photo (a yearly update's) shares the folders.
        if (expired.length === rows.length) {
          await deleteFilesUnder(deps.storage, `${childStoragePrefix(familyId, id)}photos/`);
          await deleteFilesUnder(deps.storage, `${childStoragePrefix(familyId, id)}thumbnails/`);
        }
        const deleted = await deps.db
          .delete(childPhoto)
          .where(
            inArray(
              childPhoto.id,
              expired.map((row) => row.id),
            ),
          )
          .returning({ id: childPhoto.id });
        photos += deleted.length;
      }
      children += due.length;
    },
  });
  return { children, photos };
}

/**
 * Accounts whose address was never confirmed, created more than UNVERIFIED_ACCOUNT_RETENTION_DAYS
 * ago and without any session activity since then, are deleted like a parent's own deletion
 * (without re-authentication: nobody is there to ask). Read in batches by id, like the photos above.
 */
export async function deleteUnverifiedAccounts(
  deps: PrivacyDeps,
  now = new Date(),
  options: BatchOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.env.UNVERIFIED_ACCOUNT_RETENTION_DAYS * DAY_MS);
  const recentSession = deps.db
    .select({ one: sql`1` })
    .from(session)
    .where(
      and(eq(session.userId, user.id), or(gte(session.createdAt, cutoff), gte(session.updatedAt, cutoff))),
    );
  let deleted = 0;
  await walkInBatches({
    batchSize: options.batchSize,
    read: (after: string | undefined, limit) =>
      deps.db
        .select({ id: user.id })
        .from(user)
        .where(
          and(
            eq(user.emailVerified, false),
            lt(user.createdAt, cutoff),
            not(exists(recentSession)),
            after === undefined ? undefined : gt(user.id, after),
          ),
        )
        .orderBy(asc(user.id))
        .limit(limit),
    keyOf: (row) => row.id,
    // Account by account: each erasure is complete on its own, and one already gone counts nothing.
    async handle(stale) {
      for (const { id } of stale) {
        if (await eraseAccount(deps, { userId: id, reason: "unverified" })) deleted += 1;
      }
    },
  });
  return deleted;
}
