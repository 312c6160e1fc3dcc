import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { styles } from "@wonderkin/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { cropFace } from "../../src/image-work/faces/crop-face";
import { describePortraitFaces, overlap } from "../../src/image-work/faces/describe-portrait-faces";
import type { Point } from "../../src/image-work/faces/face-geometry";
import { createTfjsFaceDetector } from "../../src/image-work/faces/tfjs-face-detector";
import type { PortraitBox } from "../../src/image-work/portraits/face-in-costume";
import {
  faceCropLandmarks,
  LOCAL_PORTRAIT_HEIGHT,
  LOCAL_PORTRAIT_WIDTH,
  renderLocalPortrait,
} from "../../src/image-work/portraits/local-portrait-renderer";
import { faceDistance } from "../../src/modules/photos/face-identity";
import {
  drawnPortrait,
  portraitPicture,
  SAME_PERSON,
  samePersonPictures,
  sampleFaceDescriptor,
  singleFacePictures,
} from "../support/face-pictures";

/**
 * The local model's portraits at their full size (2048 × 2560): the child's face drawn into every
 * style's costume still looks like the child to the product's own likeness check, and not like
 * someone else. The faces are adults' (the face detector's sample photos): there are no photos of
 * children. The same matrix, every style with every face, is measured with each distance by
 * `npm run local-likeness -w @wonderkin/bench` (bench/README.md).
 */
const detector = createTfjsFaceDetector();
/** The local model's own size, for portraits drawn through the test helpers (a provider's by default). */
const FULL_SIZE = { width: LOCAL_PORTRAIT_WIDTH, height: LOCAL_PORTRAIT_HEIGHT };
const { LIKENESS_THRESHOLD } = loadEnv({});
/** The sample faces the upload pipeline accepts (one face found): adults, there are no children's photos. */
const ACCEPTED_FACES = [0, 1, 2, 4, 5, 6, 7] as const;
/** A sample face as training keeps it: the crop and its landmarks, and the photo's descriptor. */
type TestFace = { index: number; crop: Buffer; landmarks: Point[] | null; descriptor: number[] };
let artCacheDir: string;
let faces: TestFace[];
let crop: Buffer;

beforeAll(async () => {
  artCacheDir = await mkdtemp(path.join(tmpdir(), "wonderkin-art-"));
  const pictures = await singleFacePictures();
  faces = await Promise.all(
    ACCEPTED_FACES.map(async (index) => {
      const picture = pictures[index] as Buffer;
      const [faceCrop, descriptor] = await Promise.all([
        cropFace({ bytes: picture }, detector),
        sampleFaceDescriptor(picture, detector),
      ]);
      return { index, crop: faceCrop, landmarks: await faceCropLandmarks(faceCrop, detector), descriptor };
    }),
  );
  crop = (faces.find((face) => face.index === SAME_PERSON) as TestFace).crop;
});
afterAll(() => rm(artCacheDir, { recursive: true, force: true }));

const render = (styleId: string, seed: number, face = crop) =>
  renderLocalPortrait({ face, styleId, seed, artCacheDir }, detector);

/**
 * The distance of the portrait's most alike face to `reference`, looked for as the product's
 * likeness check looks (first where the model drew the face, and it stops at a face within the
 * threshold); null when it shows no face.
 */
async function distanceTo(
  reference: number[],
  portrait: { picture: Buffer; face?: PortraitBox },
): Promise<number | null> {
  const faces = await describePortraitFaces(portrait.picture, detector, {
    descriptor: reference,
    within: LIKENESS_THRESHOLD,
    at: portrait.face ?? null,
  });
  return faces.length > 0 ? Math.min(...faces.map((face) => faceDistance(reference, face.descriptor))) : null;
}

// A hang detector, not a speed limit: about 13 full-size renders and checks per face.
describe("local portraits", { timeout: 900_000 }, () => {
  // Every style once, each with one of the seven faces in turn (style i with face i mod 7: 93
  // portraits), as the product renders them (the landmarks training keeps) and checks them (where the
  // model drew the face first), with the seeds of the full matrix. The full matrix (every style with
  // every face, 651 portraits, 20 minutes of CI on a busy 2-core machine) is the benchmark
  // `npm run local-likeness -w @wonderkin/bench` (bench/README.md), run when the renderer changes.
  for (const [faceNumber, sample] of ACCEPTED_FACES.entries()) {
    it(`look like the child in their share of the styles with sample face ${sample}, and not like someone else`, async () => {
      const face = faces[faceNumber] as TestFace;
      const unlike: string[] = [];
      const strangerLike: string[] = [];
      for (const [index, style] of styles.entries()) {
        if (index % ACCEPTED_FACES.length !== faceNumber) continue;
        const portrait = await renderLocalPortrait(
          {
            face: face.crop,
            landmarks: face.landmarks,
            styleId: style.id,
            seed: 1000 + index + 7 * faceNumber,
            artCacheDir,
          },
          detector,
        );
        const distance = await distanceTo(face.descriptor, portrait);
        if (distance === null || distance > LIKENESS_THRESHOLD)
          unlike.push(`face ${face.index} ${style.id} (${distance ?? "no face"})`);
        // And it is not taken for another of the faces.
        const someoneElse = faces[(faceNumber + 1 + (index % 6)) % faces.length] as TestFace;
        const other = await distanceTo(someoneElse.descriptor, portrait);
        if (other !== null && other <= LIKENESS_THRESHOLD)
          strangerLike.push(`face ${face.index} ${style.id} taken for face ${someoneElse.index} (${other})`);
      }
      expect(unlike).toEqual([]);
      expect(strangerLike).toEqual([]);
    });
  }

  it("are four different pictures for any four portraits of one request", async () => {
    // A request's portraits have consecutive seeds (generate-portraits.ts), and the local model has
    // 24 compositions: every window of four consecutive seeds is checked. Difference: the mean
    // absolute difference of 32 × 40 grey thumbnails, 0–255. Measured 2026-11-28 over all 24
    // windows: the closest pair 8.0 (viking), 9.2 (pirate), 9.1 (teacher), 11.5 (fairy), 24.9
    // (astronaut); layouts and mirroring alone gave 3.7–7.4, the photo in a circle 0.5.
    const thumbnail = (png: Buffer) =>
      sharp(png).resize(32, 40, { fit: "fill" }).greyscale().raw().toBuffer();
    const difference = (a: Buffer, b: Buffer) =>
      a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] ?? 0)), 0) / a.length;
    for (const styleId of ["viking", "pirate"]) {
      const thumbnails: Buffer[] = [];
      for (let seed = 0; seed < 27; seed++) {
        const portrait = await renderLocalPortrait(
          { face: crop, styleId, seed, artCacheDir, size: { width: 512, height: 640 } },
          detector,
        );
        thumbnails.push(await thumbnail(portrait.picture));
      }
      const closeOnes: string[] = [];
      for (let first = 0; first < 27; first++) {
        // Each pair of seeds that can share a request (up to three apart).
        for (let second = first + 1; second < Math.min(27, first + 4); second++) {
          const apart = difference(thumbnails[first] as Buffer, thumbnails[second] as Buffer);
          if (apart <= 6) closeOnes.push(`${styleId} ${first}/${second}: ${apart.toFixed(1)}`);
        }
      }
      expect(closeOnes).toEqual([]);
    }
  });

  it("are checked closer where a face found in the whole picture hides in its wider region", async () => {
    // Found by `npm run local-likeness`: tilted faces under a hat brim that the check found in the
    // whole portrait but not again in a region three times their size (decision 0061).
    const pictures = await singleFacePictures();
    for (const [face, styleId, seed] of [
      [6, "pirate", 112],
      [0, "santa", 87],
    ] as const) {
      const portrait = await portraitPicture(pictures[face] as Buffer, {
        styleId,
        seed,
        size: FULL_SIZE,
      });
      // Without the drawn face's box, as a provider's portrait is checked.
      const distance = await distanceTo(await sampleFaceDescriptor(pictures[face] as Buffer, detector), {
        picture: portrait,
      });
      expect(distance, `face ${face} as ${styleId}`).not.toBeNull();
      expect(distance ?? 1, `face ${face} as ${styleId}`).toBeLessThanOrEqual(LIKENESS_THRESHOLD);
    }
  });

  it("are found where the model drew the face when a look over the whole picture misses it", async () => {
    // Found by `npm run local-likeness` (648 of 651 before): wide shots in which a small face under a
    // headdress or a brim was found neither in the whole portrait nor in its centre. The check now
    // describes the drawn face's region first, at the size the networks need.
    const pictures = await singleFacePictures();
    for (const [face, styleId, seed] of [
      [0, "pharoah", 9],
      [2, "conjuror", 30],
      [6, "halloween", 123],
    ] as const) {
      const portrait = await drawnPortrait(pictures[face] as Buffer, {
        styleId,
        seed,
        size: FULL_SIZE,
      });
      const distance = await distanceTo(
        await sampleFaceDescriptor(pictures[face] as Buffer, detector),
        portrait,
      );
      expect(distance ?? 1, `face ${face} as ${styleId}`).toBeLessThanOrEqual(LIKENESS_THRESHOLD);
    }
  });

  it("find the face again in every accepted sample's training crop", async () => {
    // A training crop is tight around the face, and a face filling half its picture was missed in
    // one crop in seven (sample face 2): its portraits then drew the crop as if centred, a small
    // face beside the drawn head, with the photo's window in it, and none passed likeness.
    for (const { index: face, crop: training } of faces) {
      const landmarks = await faceCropLandmarks(training, detector);
      expect(landmarks, `face ${face}`).not.toBeNull();
      const { width = 0, height = 0 } = await sharp(training).metadata();
      // Both eyes inside the crop, in its pixels (not the padded copy's).
      for (const eye of [landmarks?.[36], landmarks?.[45]]) {
        expect(eye?.x ?? -1, `face ${face}`).toBeGreaterThan(0);
        expect(eye?.x ?? width, `face ${face}`).toBeLessThan(width);
        expect(eye?.y ?? -1, `face ${face}`).toBeGreaterThan(0);
        expect(eye?.y ?? height, `face ${face}`).toBeLessThan(height);
      }
    }
  });

  it("show a face in a pharaoh's headdress with its cheeks, where the detector finds it", async () => {
    // A photo of sample face 4 as the studio's tests upload it: the headdress's sides at 66 and 134
    // units hid the cheeks of a face 76 wide, and the check found no face at all (seed 9045, one of
    // 558 renders of this photo's set; 558 of 558 with the wider opening).
    const [photo] = await samePersonPictures(1);
    const portrait = await drawnPortrait(photo as Buffer, {
      styleId: "pharoah",
      seed: 9045,
      size: FULL_SIZE,
    });
    const reference = (faces.find((face) => face.index === SAME_PERSON) as TestFace).descriptor;
    expect(await distanceTo(reference, portrait)).toBeLessThanOrEqual(LIKENESS_THRESHOLD);
  });

  it("say where they drew the face: the box a detector draws around it there", async () => {
    // The likeness check describes this box's region first, so it must be the face, in every framing.
    for (let seed = 0; seed < 4; seed++) {
      const { picture, face } = await render("viking", seed);
      const side = Math.round(Math.max(face.width, face.height) * 3);
      const area = {
        left: Math.max(0, Math.round(face.x + face.width / 2 - side / 2)),
        top: Math.max(0, Math.round(face.y + face.height / 2 - side / 2)),
        width: side,
        height: side,
      };
      const { data, info } = await sharp(picture)
        .extract(area)
        .resize(416, 416)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const [found] = await detector.detect({ data, width: info.width, height: info.height });
      expect(found, `seed ${seed}`).toBeDefined();
      const scale = side / 416;
      const seen = {
        x: area.left + (found?.x ?? 0) * scale,
        y: area.top + (found?.y ?? 0) * scale,
        width: (found?.width ?? 0) * scale,
        height: (found?.height ?? 0) * scale,
      };
      // Measured 0.70–0.74 over the four framings (the detector's box is a little wider than brows to chin).
      expect(overlap(face, seen), `seed ${seed}`).toBeGreaterThan(0.5);
    }
  });

  it("are the same bytes for the same face, style and seed, and differ with the seed", async () => {
    const [first, again, other] = await Promise.all([
      render("viking", 7),
      render("viking", 7),
      render("viking", 8),
    ]);
    expect(first.picture.equals(again.picture)).toBe(true);
    expect(first.picture.equals(other.picture)).toBe(false);
  });
});
