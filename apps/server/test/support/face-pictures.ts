import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { cropFace } from "../../src/image-work/faces/crop-face";
import { createTfjsFaceDetector } from "../../src/image-work/faces/tfjs-face-detector";
import { processPhoto } from "../../src/image-work/photos/process-photo";
import { renderLocalPortrait } from "../../src/image-work/portraits/local-portrait-renderer";

/*
 * Pictures of real faces for tests, benchmarks and browser tests, made from the sample photos that
 * ship inside the face detector's npm package (nothing is downloaded). Shared through the server
 * package's `./test-fixtures/face-pictures` export.
 */

const require = createRequire(import.meta.url);
const demoDir = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "demo");

let facesLoading: Promise<Buffer[]> | null = null;

/**
 * Finding the faces takes TensorFlow a while (tens of seconds on a busy machine), so the pictures
 * are kept on disk, per face-api version: the test run's global setup makes them once and every
 * test file, benchmark and browser test then just reads them.
 */
const faceApiVersion = (require("@vladmandic/face-api/package.json") as { version: string }).version;
const cacheDir = path.join(os.tmpdir(), `wonderkin-face-pictures-${faceApiVersion}-v1`);

async function readCachedFaces(): Promise<Buffer[] | null> {
  try {
    const names = (await readdir(cacheDir)).filter((name) => name.endsWith(".jpg")).sort();
    if (names.length < 8) return null;
    return await Promise.all(names.map((name) => readFile(path.join(cacheDir, name))));
  } catch {
    return null;
  }
}

/** Written to a temporary folder and renamed into place, so a reader never sees half a cache. */
async function cacheFaces(faces: Buffer[]): Promise<void> {
  const staging = await mkdtemp(`${cacheDir}-staging-`);
  await Promise.all(
    faces.map((face, index) => writeFile(path.join(staging, `${String(index).padStart(2, "0")}.jpg`), face)),
  );
  await rename(staging, cacheDir).catch(() => rm(staging, { recursive: true, force: true }));
}

/**
 * Real single-face pictures for tests: every face of the face detector's own sample photos (they
 * ship in its npm package), cropped with a margin and kept only if the detector then sees exactly
 * one clear face through the product's own photo pipeline. Made once per machine (see the cache).
 */
export function singleFacePictures(): Promise<Buffer[]> {
  facesLoading ??= (async () => {
    const cached = await readCachedFaces();
    if (cached) return cached;
    const detector = createTfjsFaceDetector();
    const faces: Buffer[] = [];
    for (let sample = 1; sample <= 6; sample++) {
      const file = path.join(demoDir, `sample${sample}.jpg`);
      const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      for (const box of await detector.detect({ data, width: info.width, height: info.height })) {
        const margin = Math.max(box.width, box.height) * 0.9;
        const left = Math.max(0, Math.round(box.x - margin));
        const top = Math.max(0, Math.round(box.y - margin));
        const width = Math.min(info.width - left, Math.round(box.width + 2 * margin));
        const height = Math.min(info.height - top, Math.round(box.height + 2 * margin));
        const crop = await sharp(file)
          .extract({ left, top, width, height })
          .resize(720, 720, { fit: "outside" })
          .jpeg()
          .toBuffer();
        // Kept only if the product's own pipeline accepts it as one clear face.
        const accepted = await processPhoto(crop, {
          maxBytes: 20 * 1024 * 1024,
          faceDetector: detector,
        }).then(
          (processed) => processed.faces?.faceCount === 1,
          () => false,
        );
        if (accepted) faces.push(crop);
      }
    }
    if (faces.length < 8) throw new Error(`Only ${faces.length} single-face test pictures could be made`);
    await cacheFaces(faces);
    return faces;
  })();
  return facesLoading;
}

/** A sample photo with several people in it. */
export async function groupPicture(): Promise<Buffer> {
  return sharp(path.join(demoDir, "sample1.jpg")).jpeg().toBuffer();
}

/** A picture with no face at all (a drawing of shapes and text). */
export async function pictureWithoutFace(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="800"><rect width="100%" height="100%" fill="#8ac"/><rect x="100" y="100" width="300" height="500" fill="#c84"/><text x="450" y="400" font-size="80">A tree</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/**
 * `count` photos of ONE person that the pipeline takes as different photos (their perceptual
 * hashes differ): one sample face mirrored, cropped, turned a little and re-lit. There are no
 * photos of children in the samples; these stand in for a child's set. Checked through the
 * product's own pipeline: each shows exactly one clear face.
 */
export async function samePersonPictures(
  count: number,
  options: { person?: number } = {},
): Promise<Buffer[]> {
  const faces = await singleFacePictures();
  const face = faces[options.person ?? SAME_PERSON] as Buffer;
  const { width = 0, height = 0 } = await sharp(face).metadata();
  const crop = (left: number, top: number, share: number) =>
    sharp(face)
      .extract({
        left: Math.round(width * left),
        top: Math.round(height * top),
        width: Math.min(Math.round(width * share), width - Math.round(width * left)),
        height: Math.min(Math.round(height * share), height - Math.round(height * top)),
      })
      .resize(720, 720, { fit: "outside" });
  const variants = [
    () => sharp(face),
    () => sharp(face).flop(),
    () => crop(0, 0, 0.85),
    () => crop(0.15, 0.15, 0.85),
    () => crop(0, 0, 0.85).flop(),
    () => crop(0.15, 0.15, 0.85).flop(),
    () => crop(0.1, 0.1, 0.8).modulate({ brightness: 1.15 }),
    () => sharp(face).rotate(6, { background: "#777" }).resize(760, 760, { fit: "outside" }),
    () => sharp(face).rotate(-6, { background: "#777" }).resize(760, 760, { fit: "outside" }),
    () => sharp(face).flop().rotate(6, { background: "#777" }).resize(760, 760, { fit: "outside" }),
    () => sharp(face).flop().rotate(-6, { background: "#777" }).resize(760, 760, { fit: "outside" }),
    () => crop(0.1, 0.1, 0.8).flop().modulate({ brightness: 0.85 }),
  ];
  if (count > variants.length) throw new Error(`At most ${variants.length} photos of one person`);
  return Promise.all(variants.slice(0, count).map((variant) => variant().jpeg({ quality: 90 }).toBuffer()));
}

/** The sample face the same-person sets are made of (its variants all pass the pipeline). */
const SAME_PERSON = 4;
/** Another sample face: someone who is not the child. */
export const STRANGER = 7;

/** The size of a provider's output: FLUX's ≈ 1 MP at 4:5. */
export const PROVIDER_PORTRAIT_SIZE = { width: 1024, height: 1280 };

/**
 * A finished portrait of whoever `face` shows: the face drawn into a style's art, as an image
 * model's output would be, at a provider's native size. The Replicate fake returns it on request (a
 * portrait of the child, or of a stranger) for the likeness checks.
 */
export async function portraitPicture(
  face: Buffer,
  options: { styleId?: string; seed?: number; size?: { width: number; height: number } } = {},
) {
  const crop = await cropFace({ bytes: face }, createTfjsFaceDetector());
  return renderLocalPortrait({
    face: crop,
    styleId: options.styleId ?? "astronaut",
    seed: options.seed ?? 1,
    size: options.size ?? PROVIDER_PORTRAIT_SIZE,
  });
}
