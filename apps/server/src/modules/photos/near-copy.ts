import { photoErrorCodes, photoMessage } from "@wonderkin/contract";
import type { FaceHashes } from "../../image-work/photos/face-hash";
import { hammingDistance } from "../../image-work/photos/image-measures";
import { AppError } from "../../lib/app-error";
import { bytesToDescriptor, type Descriptor, faceDistance } from "./face-identity";

/**
 * A near-copy is close on BOTH measures (decision 0055). Measured on the sample faces: the 13 edits
 * of one photo (turned ±6°, mirrored, padded, cropped, re-lit) stay within 12–14 bits of 64 and a
 * face distance of 0.29; different people are at least 18 bits and 0.61 apart. The face distance
 * alone cannot tell a copy from another photo of the same child (both are close), and the hash
 * alone could match two people in the same pose and light; together they single out the copy.
 */
export const NEAR_COPY_HASH_BITS = 14;
export const NEAR_COPY_FACE_DISTANCE = 0.35;

/** What a photo of the set is compared by: its face hash and face descriptor. */
export type FaceFingerprint = { faceHash: string; descriptor: Descriptor };

/** A new photo's face: its hashes (turned and mirrored lookalikes included) and descriptor. */
export type NewFace = { hashes: FaceHashes; descriptor: Descriptor };

/** The fingerprints of stored photos; photos checked without a face (or before 0055) have none. */
export function fingerprintsOf(
  rows: { faceHash: string | null; faceDescriptor: Uint8Array | null }[],
): FaceFingerprint[] {
  return rows.flatMap(({ faceHash, faceDescriptor }) =>
    faceHash && faceDescriptor ? [{ faceHash, descriptor: bytesToDescriptor(faceDescriptor) }] : [],
  );
}

const isNearCopy = (stored: FaceFingerprint, face: NewFace) =>
  faceDistance(stored.descriptor, face.descriptor) <= NEAR_COPY_FACE_DISTANCE &&
  face.hashes.lookalikes.some((hash) => hammingDistance(stored.faceHash, hash) <= NEAR_COPY_HASH_BITS);

/** Refuses a photo that is a turned, mirrored, cropped or re-lit copy of one of `set`. */
export function refuseNearCopy(set: FaceFingerprint[], face: NewFace | null): void {
  if (face && set.some((stored) => isNearCopy(stored, face))) {
    throw new AppError(409, photoErrorCodes.nearDuplicate, photoMessage("nearDuplicate"));
  }
}
