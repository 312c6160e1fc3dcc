import { PHOTO_MIN_SHORT_SIDE, photoErrorCodes, photoMessage } from "@wonderkin/contract";
import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "../../lib/app-error";
import type { DescribedFace, FaceDetector } from "../faces/face-detector";
import { detectImageType } from "./detect-image-type";
import { BLURRY_BELOW, perceptualHash, sharpness } from "./image-measures";

/** Decompression-bomb guard: more pixels than any phone camera makes (a 200 MP sensor is 200e6). */
export const MAX_INPUT_PIXELS = 120_000_000;
/** The long side we keep: plenty for training (which uses 1024 px crops) and for the gallery. */
const STORED_LONG_SIDE = 2048;
const THUMBNAIL_LONG_SIDE = 384;

/** Faces smaller than this share of the picture's shorter side are passers-by, not the subject. */
const MIN_FACE_SHARE = 0.08;
/** The long side of the copy used for the face check, the thumbnail and the measures. */
const ANALYSIS_SIZE = 416;

/** A photo checked, normalised and measured: everything but the face check. */
export type PreparedPhoto = {
  normalised: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  perceptualHash: string;
  sharpness: number;
  blurry: boolean;
  /** The small RGB copy the face check runs on. */
  analysis: RawImage;
};

export type ProcessedPhoto = Omit<PreparedPhoto, "analysis"> & {
  /** The face check's findings, or null when no detector is configured. */
  faces: FaceFindings | null;
};

/** What the face check found in a photo. */
export type FaceFindings = {
  /** Faces large enough to be the subject. */
  faceCount: number;
  /** Smaller faces (passers-by, a sibling at the edge): allowed, but they weaken the photo. */
  nearbyFaces: number;
  /** The subject's face, described, when there is exactly one. */
  face: DescribedFace | null;
  /** The subject's face's larger side over the picture's shorter side. */
  faceShare: number | null;
  /** Every clear face, described: in a group photo, the child is one of them. */
  clearFaces: DescribedFace[];
  /** Every face found, clear or small: in memory only, to choose the child and blur the others. */
  allFaces: DescribedFace[];
};

const reject = (status: number, key: keyof typeof photoErrorCodes, values?: Record<string, number>) =>
  new AppError(status, photoErrorCodes[key], photoMessage(key as Parameters<typeof photoMessage>[0], values));

export type RawImage = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

const fromRaw = ({ data, info }: RawImage) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/**
 * Finds and describes the faces of the picture's small copy. Clear faces are the subjects; smaller
 * faces in the background (passers-by) are counted apart and do not refuse the photo.
 */
export async function findFaces(detector: FaceDetector, small: RawImage): Promise<FaceFindings> {
  const { width, height } = small.info;
  const faces = await detector.describe({ data: small.data, width, height });
  const shortSide = Math.min(width, height);
  const isClear = (face: DescribedFace) => Math.min(face.width, face.height) >= shortSide * MIN_FACE_SHARE;
  const clear = faces.filter(isClear);
  const face = clear.length === 1 ? (clear[0] ?? null) : null;
  return {
    faceCount: clear.length,
    nearbyFaces: faces.length - clear.length,
    face,
    faceShare: face ? Math.max(face.width, face.height) / shortSide : null,
    clearFaces: clear,
    allFaces: faces,
  };
}

/** At least one clear face (a group photo is sorted out afterwards, choose-child-face.ts). */
export function requireSomeFace(faceCount: number | null): void {
  if (faceCount === 0) throw reject(422, "noFace");
}

/**
 * The whole check of one photo: prepared, then (with a detector) at least one clear face; the
 * findings say how many. Uploads run the two halves apart, so a duplicate is refused before the
 * expensive face check. Tests and benchmarks use it to tell photos of one face from the others.
 */
export async function processPhoto(
  bytes: Buffer,
  options: { maxBytes: number; faceDetector?: FaceDetector | null | undefined },
): Promise<ProcessedPhoto> {
  const { analysis, ...prepared } = await preparePhoto(bytes, options);
  const faces = options.faceDetector ? await findFaces(options.faceDetector, analysis) : null;
  requireSomeFace(faces?.faceCount ?? null);
  return { ...prepared, faces };
}

/**
 * The small RGB copy the face checks run on: oriented, sRGB, at most ANALYSIS_SIZE px on its long
 * side. Photos make it from their own decode; finished portraits through this too.
 */
export async function analysisCopy(image: Buffer | Sharp): Promise<RawImage> {
  const source = Buffer.isBuffer(image) ? sharp(image).rotate().toColourspace("srgb") : image;
  const { data, info } = await source
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: "inside" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info };
}

/**
 * Everything that happens to an uploaded photo before anything is stored: the type from the bytes,
 * the size and pixel limits, the minimum resolution after orientation, then a normalised JPEG
 * (auto-oriented, sRGB, at most 2048 px) and a WebP thumbnail. Re-encoding keeps no metadata at all:
 * no EXIF (so no GPS), no XMP, no IPTC, no ICC profile (the pixels are converted to sRGB first).
 * CPU work: uploads run it in the image-work thread pool.
 */
export async function preparePhoto(bytes: Buffer, options: { maxBytes: number }): Promise<PreparedPhoto> {
  if (bytes.length > options.maxBytes) {
    throw reject(413, "tooLarge", { maxMegabytes: Math.round(options.maxBytes / 1024 / 1024) });
  }
  const type = detectImageType(bytes);
  if (type === "heic") throw reject(415, "heic");
  if (type === "unknown") throw reject(415, "unsupportedType");

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw reject(422, "unreadable");
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_INPUT_PIXELS) throw reject(422, "tooManyPixels");
  if (Math.min(width, height) < PHOTO_MIN_SHORT_SIDE) throw reject(422, "tooSmall");

  try {
    // Two decodes run side by side: the stored JPEG straight from the file (decode, orient,
    // resize, encode: one libvips pipeline) and a small copy, decoded at reduced scale, from which
    // the face check, the thumbnail and the measures are made while the big one is still working.
    // failOn "truncated" refuses a cut-off file instead of padding it with grey.
    const decode = () =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
        .rotate()
        .toColourspace("srgb");
    const normalisedPromise = decode()
      .resize(STORED_LONG_SIDE, STORED_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    // Awaited below; until then a failure must not count as unhandled.
    normalisedPromise.catch(() => undefined);
    const small = await analysisCopy(decode());
    const [{ data: normalised, info }, thumbnail, hash, focus] = await Promise.all([
      normalisedPromise,
      fromRaw(small)
        .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: "inside" })
        .webp({ quality: 78 })
        .toBuffer(),
      perceptualHash(fromRaw(small)),
      sharpness(fromRaw(small)),
    ]);
    return {
      normalised,
      thumbnail,
      width: info.width,
      height: info.height,
      perceptualHash: hash,
      sharpness: focus,
      blurry: focus < BLURRY_BELOW,
      analysis: small,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw reject(422, "unreadable");
  }
}
