import type { UploadedPhoto } from "@wonderkin/contract";
import { photoErrorCodes, photoMessage } from "@wonderkin/contract";
import { and, eq, inArray } from "drizzle-orm";
import { childPhoto } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { type ChildRow, countPhotos, currentAge, findFamilyChild } from "../children/child-record";
import type { PhotoDeps } from "./photo-deps";
import { type PhotoRow, toUploadedPhoto } from "./photo-record";
import { judgePhotoSet, loadPhotoSet } from "./photo-set";

/**
 * The API's view of `shown` photos of a child, judged against the child's whole set `rows` (rank
 * and identity depend on every photo), with fresh signed addresses.
 */
export function viewsOf(
  deps: PhotoDeps,
  kid: ChildRow,
  rows: PhotoRow[],
  shown: PhotoRow[] = rows,
): Promise<UploadedPhoto[]> {
  const { verdicts } = judgePhotoSet(rows, { childAge: currentAge(kid), threshold: deps.faceMatchThreshold });
  return Promise.all(
    shown.map((row) => {
      const verdict = verdicts.get(row.id);
      if (!verdict) throw new Error(`No verdict for photo ${row.id}`);
      return toUploadedPhoto(deps.storage, row, verdict);
    }),
  );
}

/** The API's view of some photos of a child (all by default), read with the child's whole set. */
async function viewPhotos(
  deps: PhotoDeps,
  kid: ChildRow,
  options: { only?: (row: PhotoRow) => boolean } = {},
): Promise<UploadedPhoto[]> {
  const rows = await loadPhotoSet(deps.db, kid.id);
  return viewsOf(deps, kid, rows, options.only ? rows.filter(options.only) : rows);
}

/** The training photos of a child of the acting family, oldest first, with fresh signed addresses. */
export async function listPhotos(
  deps: PhotoDeps,
  options: { familyId: string; childId: number },
): Promise<UploadedPhoto[]> {
  return viewPhotos(deps, await findFamilyChild(deps.db, options));
}

/**
 * Deletes photos of one child of the acting family: their rows (and with them their face
 * descriptors), then their files. Ids that are not this child's are ignored (never another
 * family's photo); returns how many went.
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

/** The parent says a photo that looks like an adult is their child: it stays, and is not asked about again. */
export async function keepPhoto(
  deps: PhotoDeps,
  options: { familyId: string; childId: number; photoId: string },
): Promise<UploadedPhoto> {
  const kid = await findFamilyChild(deps.db, options);
  const [kept] = await deps.db
    .update(childPhoto)
    .set({ keptDespiteAge: true })
    .where(and(eq(childPhoto.childId, kid.id), eq(childPhoto.id, options.photoId)))
    .returning({ id: childPhoto.id });
  if (!kept) throw new AppError(404, photoErrorCodes.photoNotFound, photoMessage("photoNotFound"));
  const [photo] = await viewPhotos(deps, kid, { only: (row) => row.id === kept.id });
  if (!photo) throw new AppError(404, photoErrorCodes.photoNotFound, photoMessage("photoNotFound"));
  return photo;
}
