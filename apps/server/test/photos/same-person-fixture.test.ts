import { beforeAll, describe, expect, it } from "vitest";
import { createTfjsFaceDetector } from "../../src/image-work/faces/tfjs-face-detector";
import { type FaceHashes, faceHashes } from "../../src/image-work/photos/face-hash";
import { DUPLICATE_DISTANCE, hammingDistance } from "../../src/image-work/photos/image-measures";
import { findFaces, preparePhoto } from "../../src/image-work/photos/process-photo";
import { faceDistance } from "../../src/modules/photos/face-identity";
import {
  NEAR_COPY_FACE_DISTANCE,
  NEAR_COPY_HASH_BITS,
  refuseNearCopy,
} from "../../src/modules/photos/near-copy";
import { nearCopies, SAME_PERSON, samePersonPictures, singleFacePictures } from "../support/face-pictures";

/**
 * The same-person fixture against the near-copy rule (decision 0055). Many tests, benchmarks and
 * the browser tests upload samePersonPictures() as one child's set: if a change to the fixture (or
 * to the rule) makes two of its pictures near-copies, this fails here, by name, rather than as a
 * refused upload somewhere else.
 */
type Measured = { faceCount: number; descriptor: number[]; hashes: FaceHashes; wholePicture: string };

const detector = createTfjsFaceDetector();

async function measure(bytes: Buffer): Promise<Measured> {
  const { analysis, perceptualHash } = await preparePhoto(bytes, { maxBytes: 30 * 1024 * 1024 });
  const found = await findFaces(detector, analysis);
  if (!found.face) throw new Error(`Expected one clear face, found ${found.faceCount}`);
  return {
    faceCount: found.faceCount,
    descriptor: found.face.descriptor,
    hashes: await faceHashes(analysis, found.face),
    wholePicture: perceptualHash,
  };
}

/** The bits between a stored photo's face hash and the closest lookalike of a new one. */
const hashBits = (stored: Measured, added: Measured) =>
  Math.min(...added.hashes.lookalikes.map((hash) => hammingDistance(stored.hashes.hash, hash)));

/** The identity threshold's default (FACE_MATCH_THRESHOLD, decision 0028): one person is well inside. */
const IDENTITY_THRESHOLD = 0.5;

let set: Measured[];
let original: Measured;
let copies: Measured[];

beforeAll(async () => {
  const pictures = await samePersonPictures(12);
  set = [];
  for (const picture of pictures) set.push(await measure(picture));
  // The copies are edits of the sample picture the fixture's shots are made of.
  const photo = (await singleFacePictures())[SAME_PERSON] as Buffer;
  original = await measure(photo);
  copies = [];
  for (const copy of await nearCopies(photo)) copies.push(await measure(copy));
}, 240_000);

describe("the same-person fixture", () => {
  it("shows exactly one clear face in each picture", () => {
    expect(set.map((picture) => picture.faceCount)).toEqual(Array(12).fill(1));
  });

  it("is one person to the descriptor, well inside the identity threshold", () => {
    for (const [a, first] of set.entries()) {
      for (const second of set.slice(a + 1)) {
        expect(faceDistance(first.descriptor, second.descriptor)).toBeLessThan(IDENTITY_THRESHOLD - 0.1);
      }
    }
  });

  it("holds no near-copies: every pair's face hashes are farther apart than the rule, either way", () => {
    const tooClose: string[] = [];
    for (const [a, first] of set.entries()) {
      for (const [b, second] of set.entries()) {
        if (a !== b && hashBits(first, second) <= NEAR_COPY_HASH_BITS) {
          tooClose.push(`picture ${b} after ${a}: ${hashBits(first, second)} bits`);
        }
      }
    }
    expect(tooClose).toEqual([]);
  });

  it("holds no duplicates to the whole-picture hash either", () => {
    for (const [a, first] of set.entries()) {
      for (const [b, second] of set.entries()) {
        if (a < b) {
          expect(
            hammingDistance(first.wholePicture, second.wholePicture),
            `pictures ${a} and ${b}`,
          ).toBeGreaterThan(DUPLICATE_DISTANCE);
        }
      }
    }
  });
});

describe("the near-copy rule", () => {
  it("recognises all 13 edits of a photo as copies of it", () => {
    expect(copies).toHaveLength(13);
    for (const [index, copy] of copies.entries()) {
      expect(hashBits(original, copy), `copy ${index}`).toBeLessThanOrEqual(NEAR_COPY_HASH_BITS);
      expect(faceDistance(original.descriptor, copy.descriptor), `copy ${index}`).toBeLessThanOrEqual(
        NEAR_COPY_FACE_DISTANCE,
      );
      expect(() =>
        refuseNearCopy([{ faceHash: original.hashes.hash, descriptor: original.descriptor }], copy),
      ).toThrow(expect.objectContaining({ statusCode: 409, code: "PHOTO_NEAR_DUPLICATE" }));
    }
  });
});
