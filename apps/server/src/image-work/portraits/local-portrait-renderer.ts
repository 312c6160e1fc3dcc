import type { ChildGender } from "@wonderkin/contract";
import sharp from "sharp";
import type { FaceDetector } from "../faces/face-detector";
import type { Point } from "../faces/face-geometry";
import {
  type FaceInCostume,
  LOCAL_PORTRAIT_HEIGHT,
  LOCAL_PORTRAIT_WIDTH,
  renderFaceInCostume,
} from "./face-in-costume";
import type { RawImage } from "./warp-face";

export { type FaceInCostume, LOCAL_PORTRAIT_HEIGHT, LOCAL_PORTRAIT_WIDTH };

/**
 * Where a face's 68 landmarks would be in a crop centred on it (the attention crop used when no
 * face was found): the eyes level at 42 % of the height, the jaw from ear to chin. Only the points
 * the fit reads matter (jaw, brows, nose base, eyes); the rest sit at the nose.
 */
export function centredFaceLandmarks(width: number, height: number): Point[] {
  const at = (x: number, y: number): Point => ({ x: x * width, y: y * height });
  const points: Point[] = Array.from({ length: 68 }, () => at(0.5, 0.6));
  for (let index = 0; index <= 16; index++) {
    // Ear (0.2, 0.42) down round the chin (0.5, 0.86) to the other ear.
    const t = (index / 16) * Math.PI;
    points[index] = at(0.5 - 0.3 * Math.cos(t), 0.42 + 0.44 * Math.sin(t));
  }
  for (let index = 17; index <= 26; index++) {
    points[index] = at(0.26 + ((index - 17) / 9) * 0.48, 0.34);
  }
  points[33] = at(0.5, 0.62);
  const eye = (first: number, x: number) => {
    for (let index = first; index < first + 6; index++) {
      const t = ((index - first) / 6) * Math.PI * 2;
      points[index] = at(x + 0.05 * Math.cos(t), 0.42 + 0.02 * Math.sin(t));
    }
  };
  eye(36, 0.35);
  eye(42, 0.65);
  return points;
}

/** A face crop decoded once, as RGB: the detector and the renderer both read these pixels. */
async function decodeFace(face: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(face).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * How much of a crop's side is added on each side (its edges drawn outwards) before the face is
 * looked for: a training crop is tight around the face (crop-face.ts), and a face filling half its
 * picture is found poorly or not at all. Measured on the sample faces: one crop in seven had no
 * face found and others scored 0.60–0.82; padded, all seven are found at 0.85–0.99.
 */
const LOOK_PADDING = 0.3;

/** The 68 landmarks of the largest face in a decoded crop, or null when the detector finds none. */
async function landmarksIn(photo: RawImage, detector: FaceDetector): Promise<Point[] | null> {
  const pad = Math.round(Math.max(photo.width, photo.height) * LOOK_PADDING);
  const padded = await sharp(photo.data, {
    raw: { width: photo.width, height: photo.height, channels: photo.channels as 3 | 4 },
  })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: "copy" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await detector.describe({
    data: padded.data,
    width: padded.info.width,
    height: padded.info.height,
  });
  const largest = faces.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  return largest?.landmarks.map((point) => ({ x: point.x - pad, y: point.y - pad })) ?? null;
}

/**
 * The landmarks of a face crop, as training keeps them (so a portrait need not look for them
 * again), rounded to a tenth of a pixel; null when the detector finds no face in it.
 */
export async function faceCropLandmarks(face: Uint8Array, detector: FaceDetector): Promise<Point[] | null> {
  const landmarks = await landmarksIn(await decodeFace(face), detector);
  const tenth = (value: number) => Math.round(value * 10) / 10;
  return landmarks?.map((point) => ({ x: tenth(point.x), y: tenth(point.y) })) ?? null;
}

/**
 * The local model's portrait from a face crop: the face drawn into the style's costumed child
 * (face-in-costume.ts). The face's landmarks come with the crop when training found them; else the
 * detector finds them (a preview, or a model trained before training kept them). With neither
 * (FACE_DETECTION=off) or no face found, the crop is taken as centred on the face. Same crop, style
 * and seed: same bytes. With the picture comes where its face is, for the likeness check to look
 * there first (portrait-likeness.ts). The picture is a PNG without deflate (at 5 MP it encodes and decodes in
 * ≈ 10–20 ms where the fastest deflate takes ≈ 60): the one lossy encode happens when the portrait
 * is stored.
 */
export async function renderLocalPortrait(
  input: {
    face: Uint8Array;
    /** The crop's landmarks as training found them; null: it found none (the crop is centred). */
    landmarks?: Point[] | null;
    styleId: string;
    seed: number;
    /** The child's gender: the drawn hair is a girl's or a boy's (else the seed's). */
    presentation?: ChildGender | null;
    /** Where drawn art is kept across threads and restarts (null: memory only). */
    artCacheDir?: string | null;
    /** Another 4:5 size (a test's stand-in for a provider's native output); default the local model's. */
    size?: { width: number; height: number };
  },
  detector: FaceDetector | null = null,
): Promise<FaceInCostume> {
  const photo = await decodeFace(input.face);
  const landmarks =
    input.landmarks === undefined ? (detector ? await landmarksIn(photo, detector) : null) : input.landmarks;
  return renderFaceInCostume({
    photo,
    landmarks: landmarks ?? centredFaceLandmarks(photo.width, photo.height),
    styleId: input.styleId,
    seed: input.seed,
    presentation: input.presentation ?? null,
    artCacheDir: input.artCacheDir,
    size: input.size,
  });
}
