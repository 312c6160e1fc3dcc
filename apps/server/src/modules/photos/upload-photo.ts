import { randomBytes } from "node:crypto";
import { photoErrorCodes, photoMessage, type UploadedPhoto } from "@wonderkin/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { child, childPhoto } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { findFamilyChild } from "../children/child-record";
import { requireCurrentConsent } from "../consent/parental-consent";
import { screenUpload } from "../safety/screen-upload";
import { childIdentity, descriptorToBytes, faceDistance } from "./face-identity";
import { DUPLICATE_DISTANCE, hammingDistance } from "./image-measures";
import { viewsOf } from "./manage-photos";
import type { PhotoDeps } from "./photo-deps";
import type { PhotoRow } from "./photo-record";
import { describedPhotos, loadPhotoSet } from "./photo-set";
import { photoKeys } from "./photo-storage-keys";
import { type FaceFindings, findFaces, requireOneFace } from "./process-photo";

async function photoHashesOf(db: Database, childId: number): Promise<string[]> {
  const rows = await db
    .select({ hash: childPhoto.perceptualHash })
    .from(childPhoto)
    .where(eq(childPhoto.childId, childId));
  return rows.map(({ hash }) => hash);
}

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
 * Refuses a photo of someone other than the child: once two photos of the set agree on a face, a
 * new photo must be close to the child's reference face. Before that (the first photos) every
 * photo is taken and compared pairwise; the set resolves at the third (face-identity.ts).
 */
function requireSameChild(
  set: PhotoRow[],
  options: { childName: string; faces: FaceFindings | null; threshold: number },
): void {
  const descriptor = options.faces?.face?.descriptor;
  if (!descriptor) return;
  const identity = childIdentity(describedPhotos(set), options.threshold);
  if (
    identity.established &&
    identity.reference &&
    faceDistance(identity.reference, descriptor) > options.threshold
  ) {
    throw new AppError(
      422,
      photoErrorCodes.differentPerson,
      photoMessage("differentPerson", { name: options.childName }),
    );
  }
}

/** The face check's findings as the photo's row keeps them (all null without face checks). */
function faceColumns(faces: FaceFindings | null) {
  const face = faces?.face ?? null;
  return {
    faceCount: faces?.faceCount ?? null,
    faceDescriptor: face ? descriptorToBytes(face.descriptor) : null,
    estimatedAge: face?.estimatedAge ?? null,
    faceShare: faces?.faceShare ?? null,
    frontality: face?.frontality ?? null,
    eyeOpenness: face?.eyeOpenness ?? null,
    nearbyFaces: faces?.nearbyFaces ?? null,
  };
}

/**
 * Checks, normalises and stores one training photo of a child of the acting family. Everything
 * that can refuse the photo runs before or inside one transaction that locks the child (so parallel
 * uploads count and compare correctly); a refusal or failure removes any file already written.
 */
export async function uploadPhoto(
  deps: PhotoDeps,
  options: {
    userId: string;
    familyId: string;
    childId: number;
    bytes: Buffer;
    fileName?: string | undefined;
    /**
     * "released": an operator found the screen's refusal of this very picture a false positive
     * (decision 0038), so it is not screened again.
     */
    screening?: "released";
  },
): Promise<UploadedPhoto> {
  await requireCurrentConsent(deps.db, { userId: options.userId });
  const kid = await findFamilyChild(deps.db, options);
  const { analysis, ...processed } = await deps.imageWork.preparePhoto({
    bytes: options.bytes,
    maxBytes: deps.limits.maxBytes,
  });
  if (options.screening !== "released") {
    await screenUpload(
      deps,
      {
        subject: "photo",
        bytes: processed.normalised,
        familyId: options.familyId,
        childId: options.childId,
        userId: options.userId,
      },
      () =>
        new AppError(422, photoErrorCodes.notSuitable, photoMessage("notSuitable", { name: kid.firstName })),
    );
  }
  // The face check is the expensive step: a photo already in the set is refused before it. (The
  // transaction below checks again, for two copies uploaded at the same moment.)
  const existingHashes = await photoHashesOf(deps.db, options.childId);
  if (isDuplicate(existingHashes, processed.perceptualHash)) {
    throw new AppError(409, photoErrorCodes.duplicate, photoMessage("duplicate"));
  }
  const faces = deps.faceDetector ? await findFaces(deps.faceDetector, analysis) : null;
  requireOneFace(faces?.faceCount ?? null);

  const photoId = randomBytes(12).toString("base64url");
  const keys = photoKeys(options.familyId, options.childId, photoId);
  // With the child locked, the set read here is the set the photo joins: it answers the count, the
  // duplicate and the same-child checks, and (with the new row) the photo's view, in one read.
  let joined: { set: PhotoRow[]; inserted: PhotoRow };
  try {
    joined = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${child} where ${child.id} = ${options.childId} for update`);
      const set = await loadPhotoSet(tx, options.childId);
      if (set.length >= deps.limits.max) {
        throw new AppError(
          409,
          photoErrorCodes.limitReached,
          photoMessage("limitReached", { max: deps.limits.max }),
        );
      }
      if (
        isDuplicate(
          set.map((row) => row.perceptualHash),
          processed.perceptualHash,
        )
      ) {
        throw new AppError(409, photoErrorCodes.duplicate, photoMessage("duplicate"));
      }
      requireSameChild(set, { childName: kid.firstName, faces, threshold: deps.faceMatchThreshold });
      await deps.storage.put(keys.storageKey, processed.normalised, "image/jpeg");
      await deps.storage.put(keys.thumbnailKey, processed.thumbnail, "image/webp");
      const [inserted] = await tx
        .insert(childPhoto)
        .values({
          id: photoId,
          childId: options.childId,
          uploadedByUserId: options.userId,
          ...keys,
          width: processed.width,
          height: processed.height,
          byteSize: processed.normalised.length,
          perceptualHash: processed.perceptualHash,
          sharpness: processed.sharpness,
          blurry: processed.blurry,
          ...faceColumns(faces),
          originalName: cleanFileName(options.fileName),
        })
        .returning();
      if (!inserted) throw new Error("The photo row was not stored");
      if (set.length + 1 === deps.limits.min) {
        await deps.onMinimumReached?.(tx, { childId: options.childId, userId: options.userId });
      }
      return { set, inserted };
    });
  } catch (error) {
    await deps.storage.delete([keys.storageKey, keys.thumbnailKey]);
    throw error;
  }
  // Judged with the whole set it joined (its rank and identity depend on the other photos).
  const [photo] = await viewsOf(deps, kid, [...joined.set, joined.inserted], [joined.inserted]);
  if (!photo) throw new Error("The stored photo has no view");
  return photo;
}
