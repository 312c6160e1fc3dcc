import { randomBytes } from "node:crypto";
import { photoErrorCodes, photoMessage, type UploadedPhoto } from "@wonderkin/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { child, childPhoto } from "../../db/schema";
import type { FaceHashes } from "../../image-work/photos/face-hash";
import { DUPLICATE_DISTANCE, hammingDistance } from "../../image-work/photos/image-measures";
import type { PreparedPhoto } from "../../image-work/photos/process-photo";
import { type FaceFindings, findFaces } from "../../image-work/photos/process-photo";
import { AppError } from "../../lib/app-error";
import { type ChildRow, findFamilyChild } from "../children/child-record";
import { requireCurrentConsent } from "../consent/parental-consent";
import { screenUpload } from "../safety/screen-upload";
import { type FacePoint, relativeBox } from "./choose-child-face";
import {
  bytesToDescriptor,
  childIdentity,
  type DescribedPhoto,
  type Descriptor,
  descriptorToBytes,
  faceDistance,
} from "./face-identity";
import { findTheChild } from "./find-the-child";
import { viewsOf } from "./manage-photos";
import { type FaceFingerprint, fingerprintsOf, type NewFace, refuseNearCopy } from "./near-copy";
import type { PhotoDeps } from "./photo-deps";
import type { PhotoRow } from "./photo-record";
import { describedPhotos, loadPhotoSet } from "./photo-set";
import { photoKeys } from "./photo-storage-keys";

/**
 * What the set's photos are compared by: whole-picture hashes, face fingerprints, and their faces'
 * descriptors (oldest first, for the child's reference face).
 */
async function setHashesOf(
  db: Database,
  childId: number,
): Promise<{ hashes: string[]; faces: FaceFingerprint[]; described: DescribedPhoto[] }> {
  const rows = await db
    .select({
      id: childPhoto.id,
      hash: childPhoto.perceptualHash,
      faceHash: childPhoto.faceHash,
      faceDescriptor: childPhoto.faceDescriptor,
    })
    .from(childPhoto)
    .where(eq(childPhoto.childId, childId))
    .orderBy(asc(childPhoto.createdAt), asc(childPhoto.id));
  return {
    hashes: rows.map(({ hash }) => hash),
    faces: fingerprintsOf(rows),
    described: describedPhotos(rows),
  };
}

/**
 * The child's reference face as far as the set and the batch's earlier photos tell (the one photo's
 * face while there is one; null while photos disagree): a group photo's child is chosen by it.
 */
function referenceFace(set: DescribedPhoto[], batch: CheckedPhoto[], threshold: number): Descriptor | null {
  const batchFaces = batch.flatMap((photo, index) =>
    photo.faces?.face ? [{ id: `batch-${index}`, descriptor: photo.faces.face.descriptor }] : [],
  );
  return childIdentity([...set, ...batchFaces], threshold).reference;
}

/** The new photo's face as the near-copy check compares it (none without a described face). */
const newFaceOf = (checked: Pick<CheckedPhoto, "faces" | "faceHashes">): NewFace | null => {
  const descriptor = checked.faces?.face?.descriptor;
  return descriptor && checked.faceHashes ? { hashes: checked.faceHashes, descriptor } : null;
};

/** A checked photo as a member of the set, for the photos of a batch checked after it. */
const fingerprintOf = (checked: CheckedPhoto): FaceFingerprint[] => {
  const face = newFaceOf(checked);
  return face ? [{ faceHash: face.hashes.hash, descriptor: face.descriptor }] : [];
};

const isDuplicate = (hashes: string[], hash: string) =>
  hashes.some((other) => hammingDistance(other, hash) <= DUPLICATE_DISTANCE);

/** File names are shown back to the parent only; keep them short and printable. */
function cleanFileName(name: string | undefined): string | null {
  const cleaned = (name ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 120);
  return cleaned || null;
}

/**
 * The face the child's model was trained on (fixed when training starts), for a set that cannot
 * tell by itself: a trained child's training photos are deleted after the retention period, so a
 * yearly update's first photos are compared with it (decision 0069).
 */
const knownFaceOf = (kid: Pick<ChildRow, "referenceDescriptor">): Descriptor | null =>
  kid.referenceDescriptor ? bytesToDescriptor(kid.referenceDescriptor) : null;

/**
 * Refuses a photo of someone other than the child: once two photos of the set agree on a face, a
 * new photo must be close to the child's reference face. Before that (the first photos) every
 * photo is taken and compared pairwise; the set resolves at the third (face-identity.ts), unless
 * the child is trained: then its known face answers from the first photo.
 */
function requireSameChild(
  set: PhotoRow[],
  options: { childName: string; faces: FaceFindings | null; threshold: number; knownFace: Descriptor | null },
): void {
  const descriptor = options.faces?.face?.descriptor;
  if (!descriptor) return;
  const identity = childIdentity(describedPhotos(set), options.threshold);
  const reference = identity.established ? identity.reference : options.knownFace;
  if (reference && faceDistance(reference, descriptor) > options.threshold) {
    throw new AppError(
      422,
      photoErrorCodes.differentPerson,
      photoMessage("differentPerson", { name: options.childName }),
    );
  }
}

/** The face check's findings as the photo's row keeps them (all null without face checks). */
function faceColumns(faces: FaceFindings | null, size: { width: number; height: number }) {
  const face = faces?.face ?? null;
  return {
    faceBox: face ? relativeBox(face, size) : null,
    faceCount: faces?.faceCount ?? null,
    faceDescriptor: face ? descriptorToBytes(face.descriptor) : null,
    estimatedAge: face?.estimatedAge ?? null,
    faceShare: faces?.faceShare ?? null,
    frontality: face?.frontality ?? null,
    eyeOpenness: face?.eyeOpenness ?? null,
    nearbyFaces: faces?.nearbyFaces ?? null,
  };
}

/** A refusal of one photo (its own `PHOTO_…` code): the other photos of a batch go on. */
export const isPhotoRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.code.startsWith("PHOTO_");

type UploadTarget = { userId: string; familyId: string; childId: number };

/** A photo that passed every check of its own and waits, in memory, to be stored. */
export type CheckedPhoto = {
  processed: Omit<PreparedPhoto, "analysis">;
  faces: FaceFindings | null;
  /** The face's perceptual hashes (decision 0055); null without a described face. */
  faceHashes: FaceHashes | null;
  /** The size of the copy the faces were found in (their boxes are in its pixels). */
  analysisSize: { width: number; height: number };
  fileName?: string | undefined;
};

/** What became of one checked photo when the set was written: stored, or refused by the set. */
export type StoreOutcome = { photo: UploadedPhoto } | { refusal: AppError };

/**
 * Checks, normalises and screens one training photo of a child of the acting family, storing
 * nothing: the type, limits, safety screen, a duplicate of the set (or of `batch`, the photos of
 * the same request checked before it), exactly one face, and a near-copy of the set's faces (or the
 * batch's). Throws the photo's refusal.
 */
export async function checkPhoto(
  deps: PhotoDeps,
  options: UploadTarget & {
    bytes: Buffer;
    fileName?: string | undefined;
    /**
     * "released": an operator found the screen's refusal of this very picture a false positive
     * (decision 0038), so it is not screened again.
     */
    screening?: "released";
    batch?: CheckedPhoto[];
    /** Where the parent tapped their child in a photo of several people (choose-child-face.ts). */
    tappedAt?: FacePoint | null;
  },
): Promise<CheckedPhoto> {
  await requireCurrentConsent(deps.db, { userId: options.userId });
  const kid = await findFamilyChild(deps.db, options);
  const prepared = await deps.imageWork.preparePhoto({
    bytes: options.bytes,
    maxBytes: deps.limits.maxBytes,
  });
  if (options.screening !== "released") {
    await screenUpload(
      deps,
      {
        subject: "photo",
        bytes: prepared.normalised,
        familyId: options.familyId,
        childId: options.childId,
        userId: options.userId,
      },
      () =>
        new AppError(422, photoErrorCodes.notSuitable, photoMessage("notSuitable", { name: kid.firstName })),
    );
  }
  // The face check is the expensive step: a photo already in the set is refused before it. (The
  // transaction that stores checks again, for two copies uploaded at the same moment.)
  const batch = options.batch ?? [];
  const set = await setHashesOf(deps.db, options.childId);
  const existingHashes = [...set.hashes, ...batch.map((photo) => photo.processed.perceptualHash)];
  if (isDuplicate(existingHashes, prepared.perceptualHash)) {
    throw new AppError(409, photoErrorCodes.duplicate, photoMessage("duplicate"));
  }
  let { analysis, ...processed } = prepared;
  let faces: FaceFindings | null = null;
  if (deps.faceDetector) {
    // A group photo becomes the child alone here: from now on only the kept square is looked at.
    ({ processed, analysis, faces } = await findTheChild(
      { ...deps, faceDetector: deps.faceDetector },
      { processed, analysis, faces: await findFaces(deps.faceDetector, analysis) },
      {
        reference: referenceFace(set.described, batch, deps.faceMatchThreshold) ?? knownFaceOf(kid),
        tappedAt: options.tappedAt ?? null,
        childName: kid.firstName,
      },
    ));
  }
  const { data, info } = analysis;
  const faceHashes = faces?.face
    ? await deps.imageWork.faceHashes({ analysis: { data, ...info }, face: faces.face })
    : null;
  refuseNearCopy([...set.faces, ...batch.flatMap(fingerprintOf)], newFaceOf({ faces, faceHashes }));
  return {
    processed,
    faces,
    faceHashes,
    analysisSize: { width: info.width, height: info.height },
    fileName: options.fileName,
  };
}

/**
 * Adds one checked photo to `current` (the child's set as this transaction sees it, grown by the
 * photos stored before it): refused if the set is full, holds a copy or a near-copy, or shows
 * someone else.
 * `written` collects the keys of every file written, so a failure can remove them all.
 */
async function addToSet(
  deps: PhotoDeps,
  tx: Database,
  target: UploadTarget & { childName: string; knownFace: Descriptor | null },
  current: PhotoRow[],
  checked: CheckedPhoto,
  written: string[],
): Promise<PhotoRow> {
  const { processed, faces } = checked;
  if (current.length >= deps.limits.max) {
    throw new AppError(
      409,
      photoErrorCodes.limitReached,
      photoMessage("limitReached", { max: deps.limits.max }),
    );
  }
  if (
    isDuplicate(
      current.map((row) => row.perceptualHash),
      processed.perceptualHash,
    )
  ) {
    throw new AppError(409, photoErrorCodes.duplicate, photoMessage("duplicate"));
  }
  refuseNearCopy(fingerprintsOf(current), newFaceOf(checked));
  requireSameChild(current, {
    childName: target.childName,
    faces,
    threshold: deps.faceMatchThreshold,
    knownFace: target.knownFace,
  });
  const photoId = randomBytes(12).toString("base64url");
  const keys = photoKeys(target.familyId, target.childId, photoId);
  written.push(keys.storageKey, keys.thumbnailKey);
  await deps.storage.put(keys.storageKey, processed.normalised, "image/jpeg");
  await deps.storage.put(keys.thumbnailKey, processed.thumbnail, "image/webp");
  const [inserted] = await tx
    .insert(childPhoto)
    .values({
      id: photoId,
      childId: target.childId,
      uploadedByUserId: target.userId,
      ...keys,
      width: processed.width,
      height: processed.height,
      byteSize: processed.normalised.length,
      perceptualHash: processed.perceptualHash,
      sharpness: processed.sharpness,
      blurry: processed.blurry,
      ...faceColumns(faces, checked.analysisSize),
      faceHash: checked.faceHashes?.hash ?? null,
      originalName: cleanFileName(checked.fileName),
    })
    .returning();
  if (!inserted) throw new Error("The photo row was not stored");
  current.push(inserted);
  return inserted;
}

/**
 * Stores checked photos of one child, all or nothing: one transaction locks the child (so parallel
 * uploads count and compare correctly) and adds them in order, each judged against the set as it
 * grows (full, a copy, someone else: that photo's refusal, the others go on). Any other failure
 * (a lost database connection, a full disk) rolls every row back and removes every file written,
 * so a request that fails as a whole leaves nothing of itself.
 */
export async function storePhotos(
  deps: PhotoDeps,
  target: UploadTarget,
  photos: CheckedPhoto[],
): Promise<StoreOutcome[]> {
  if (photos.length === 0) return [];
  const kid = await findFamilyChild(deps.db, target);
  const written: string[] = [];
  let stored: { set: PhotoRow[]; outcomes: (PhotoRow | AppError)[] };
  try {
    stored = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${child} where ${child.id} = ${target.childId} for update`);
      // With the child locked, the set read here is the set the photos join: it answers the count,
      // the duplicate and the same-child checks, and (with the new rows) the photos' views.
      const set = await loadPhotoSet(tx, target.childId);
      const current = [...set];
      const outcomes: (PhotoRow | AppError)[] = [];
      for (const checked of photos) {
        try {
          outcomes.push(
            await addToSet(
              deps,
              tx,
              { ...target, childName: kid.firstName, knownFace: knownFaceOf(kid) },
              current,
              checked,
              written,
            ),
          );
        } catch (error) {
          if (!isPhotoRefusal(error)) throw error;
          outcomes.push(error);
        }
      }
      if (set.length < deps.limits.min && current.length >= deps.limits.min) {
        await deps.onMinimumReached?.(tx, { childId: target.childId, userId: target.userId });
      }
      return { set, outcomes };
    });
  } catch (error) {
    await deps.storage.delete(written);
    throw error;
  }
  const inserted = stored.outcomes.filter((outcome): outcome is PhotoRow => !(outcome instanceof AppError));
  // Judged with the whole set they joined (rank and identity depend on the other photos).
  const views = new Map(
    (await viewsOf(deps, kid, [...stored.set, ...inserted], inserted)).map((view) => [view.id, view]),
  );
  return stored.outcomes.map((outcome) => {
    if (outcome instanceof AppError) return { refusal: outcome };
    const photo = views.get(outcome.id);
    if (!photo) throw new Error("A stored photo has no view");
    return { photo };
  });
}

/** Checks and stores one training photo (a single upload, or a photo released from review). */
export async function uploadPhoto(
  deps: PhotoDeps,
  options: UploadTarget & {
    bytes: Buffer;
    fileName?: string | undefined;
    screening?: "released";
    tappedAt?: FacePoint | null;
  },
): Promise<UploadedPhoto> {
  const checked = await checkPhoto(deps, options);
  const [outcome] = await storePhotos(deps, options, [checked]);
  if (!outcome) throw new Error("The photo was not stored");
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.photo;
}
