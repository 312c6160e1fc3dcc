import type { PhotoIdentity } from "@wonderkin/contract";
import { faceDistance } from "../../image-work/faces/face-distance";

export { faceDistance };

/** A face descriptor: 128 numbers from the face-recognition network. */
export type Descriptor = ArrayLike<number>;

/** Stored as 128 little-endian float32 (512 bytes) in a bytea column. */
export function descriptorToBytes(descriptor: Descriptor): Buffer {
  return Buffer.from(Float32Array.from(descriptor).buffer);
}

export function bytesToDescriptor(bytes: Uint8Array): Float32Array {
  const copy = Uint8Array.from(bytes);
  return new Float32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
}

export type DescribedPhoto = { id: string; descriptor: Descriptor };

/** Who the photos of a child show, as far as their faces tell. */
export type ChildIdentity = {
  /**
   * The child's reference face: the medoid (the photo closest to all the others) of the largest
   * group of photos that look like one person; null while no two photos agree.
   */
  reference: Descriptor | null;
  /** True once at least two photos agree: from then on a new photo is compared with the reference. */
  established: boolean;
  /** Each described photo's verdict, by id. */
  identities: Map<string, Exclude<PhotoIdentity, "unchecked">>;
};

function medoid(photos: DescribedPhoto[]): DescribedPhoto | null {
  let best: DescribedPhoto | null = null;
  let bestSum = Number.POSITIVE_INFINITY;
  for (const candidate of photos) {
    const sum = photos.reduce(
      (total, other) => total + faceDistance(candidate.descriptor, other.descriptor),
      0,
    );
    if (sum < bestSum) {
      best = candidate;
      bestSum = sum;
    }
  }
  return best;
}

/**
 * Groups a child's photos by face: the child is the largest set of photos within `threshold` of
 * one photo (ties go to the earliest photo: `photos` come oldest first), its reference face the
 * medoid of that set, and a photo belongs to the child when it is within `threshold` of the
 * reference. The rest are `different`. While fewer than two photos agree, nobody is settled and
 * every photo is `undecided` ("compare pairwise, resolve at the third").
 */
export function childIdentity(photos: DescribedPhoto[], threshold: number): ChildIdentity {
  const identities: ChildIdentity["identities"] = new Map();
  let seed: DescribedPhoto[] = [];
  for (const candidate of photos) {
    const near = photos.filter((other) => faceDistance(candidate.descriptor, other.descriptor) <= threshold);
    if (near.length > seed.length) seed = near;
  }
  if (seed.length < 2) {
    for (const photo of photos) identities.set(photo.id, "undecided");
    return {
      reference: photos.length === 1 ? (photos[0]?.descriptor ?? null) : null,
      established: false,
      identities,
    };
  }
  const reference = medoid(seed)?.descriptor ?? null;
  for (const photo of photos) {
    const matches = reference !== null && faceDistance(reference, photo.descriptor) <= threshold;
    identities.set(photo.id, matches ? "match" : "different");
  }
  return { reference, established: true, identities };
}

/** The photos that stand in the way of training: all but the child's, once faces were checked. */
export function photosNotOfTheChild(identity: ChildIdentity): string[] {
  return [...identity.identities].filter(([, verdict]) => verdict !== "match").map(([id]) => id);
}
