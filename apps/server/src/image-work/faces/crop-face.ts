import sharp from "sharp";
import type { FaceDetector } from "./face-detector";

/** A photo handed to the image model: the unit of training and of a preview's references. */
export type TrainingPhoto = {
  /** Normalised photo bytes (JPEG, metadata already stripped). */
  bytes: Uint8Array;
  /** The face box found at upload, when face detection ran (pixels of `bytes`). */
  face?: { x: number; y: number; width: number; height: number } | null;
};

/**
 * The largest side of the face crops the local model keeps: a crop is kept at the photo's own
 * resolution up to this, never enlarged (the portrait frames a small face wider instead of blowing
 * it up). 1024 holds a face about 540 px wide, more than a 2048 × 2560 portrait draws it at.
 */
const FACE_MAX_SIDE = 1024;
/** The side of the attention crop when no face was found. */
const UNFOUND_FACE_SIDE = 512;
/** How much of the head around the detected face box a crop takes (hair, chin, a little neck). */
const FACE_MARGIN = 1.9;

/**
 * A square crop around the child's face: the largest face the detector finds, widened to take in
 * the hair; without a detector (or a find), sharp's attention crop, which favours skin and detail.
 */
export async function cropFace(photo: TrainingPhoto, detector: FaceDetector | null): Promise<Buffer> {
  const image = sharp(photo.bytes).rotate();
  const { width = 0, height = 0 } = await image.metadata();
  const box = photo.face ?? (detector ? await largestFace(photo.bytes, detector, width, height) : null);
  if (box) {
    const side = Math.min(Math.round(Math.max(box.width, box.height) * FACE_MARGIN), width, height);
    const centreX = box.x + box.width / 2;
    // A little above the box's centre: the crop should hold the forehead and hair, not the collar.
    const centreY = box.y + box.height * 0.42;
    const left = Math.round(Math.min(Math.max(centreX - side / 2, 0), width - side));
    const top = Math.round(Math.min(Math.max(centreY - side / 2, 0), height - side));
    return sharp(photo.bytes)
      .extract({ left, top, width: side, height: side })
      .resize(FACE_MAX_SIDE, FACE_MAX_SIDE, { withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  }
  return sharp(photo.bytes)
    .resize(UNFOUND_FACE_SIDE, UNFOUND_FACE_SIDE, { fit: "cover", position: sharp.strategy.attention })
    .webp({ quality: 90 })
    .toBuffer();
}

async function largestFace(bytes: Uint8Array, detector: FaceDetector, width: number, height: number) {
  const scale = Math.min(1, 640 / Math.max(width, height));
  const { data, info } = await sharp(bytes)
    .resize(Math.round(width * scale), Math.round(height * scale))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await detector.detect({ data, width: info.width, height: info.height });
  const largest = faces.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (!largest) return null;
  return {
    x: largest.x / scale,
    y: largest.y / scale,
    width: largest.width / scale,
    height: largest.height / scale,
  };
}
