import type { UploadedPhoto } from "@wonderkin/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { childPhoto } from "../../db/schema";
import { countPhotos, findFamilyChild } from "../children/child-record";
import type { PhotoDeps } from "./photo-deps";
import { toUploadedPhoto } from "./photo-record";

/** The training photos of a child of the acting family, oldest first, with fresh signed addresses. */
export async function listPhotos(
  deps: PhotoDeps,
  options: { familyId: string; childId: number },
): Promise<UploadedPhoto[]> {
  await findFamilyChild(deps.db, options);
  const rows = await deps.db
    .select()
    .from(childPhoto)
    .where(eq(childPhoto.childId, options.childId))
    .orderBy(asc(childPhoto.createdAt), asc(childPhoto.id));
  return Promise.all(rows.map((row) => toUploadedPhoto(deps.storage, row)));
}

/**
 * Deletes photos of one child of the acting family: their rows, then their files. Ids that are
 * not this child's are ignored (never another family's photo); returns how many went.
 */
export async function deletePhotos(
  deps: PhotoDeps,
  options: { familyId: string; childId: number; photoIds: string[] },
): Promise<{ deleted: number; photoCount: number }> {
  await findFamilyChild(deps.db, options);
  const removed = await deps.db
    .delete(childPhoto)
    .where(and(eq(childPhoto.childId, options.childId), inArray(childPhoto.id, options.photoIds)))
    .returning({ storageKey: childPhoto.storageKey, thumbnailKey: childPhoto.thumbnailKey });
  await deps.storage.delete(removed.flatMap((row) => [row.storageKey, row.thumbnailKey]));
  return { deleted: removed.length, photoCount: await countPhotos(deps.db, options.childId) };
}
