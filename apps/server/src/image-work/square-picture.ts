import { createHash } from "node:crypto";
import sharp from "sharp";

const PICTURE_SIZE = 256;
/** Decompression-bomb guard: no legitimate family or profile picture has more pixels than this. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export type SquarePicture = { webp: Buffer; version: string };

/**
 * Turns an uploaded picture (the family's, a parent's own) into what we keep: the type is read
 * from the bytes (not the data URL's label), the image is auto-oriented, cropped to a 256 px square
 * and re-encoded as WebP, which drops all metadata (EXIF, GPS) the original carried. Null when the
 * upload is empty, over `maxBytes`, not a JPEG/PNG/WebP or cannot be decoded: each caller refuses
 * it with its own code.
 */
export async function squarePictureFromDataUrl(
  dataUrl: string,
  options: { maxBytes: number },
): Promise<SquarePicture | null> {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0 || bytes.length > options.maxBytes) return null;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return null;
    const webp = await image
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
    return { webp, version: squarePictureVersion(webp) };
  } catch {
    return null;
  }
}

/** The picture's address changes with its content, so browsers may cache each version for good. */
export const squarePictureVersion = (webp: Buffer) =>
  createHash("sha256").update(webp).digest("base64url").slice(0, 16);
