import { createHash } from "node:crypto";
import { FAMILY_PICTURE_MAX_BYTES, familyErrorCodes, familyMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/client";
import { familyPicture } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { signPath } from "../../lib/signed-url";

const PICTURE_SIZE = 256;
/** Decompression-bomb guard: no legitimate family picture has more pixels than this. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

const invalidPicture = () =>
  new AppError(400, familyErrorCodes.pictureInvalid, familyMessages.pictureInvalid);

/**
 * Turns an uploaded picture into what we keep: the type is read from the bytes (not the data URL's
 * label), the image is auto-oriented, cropped to a square and re-encoded, which drops all metadata
 * (EXIF, GPS) the original carried.
 */
export async function normaliseFamilyPicture(dataUrl: string): Promise<{ webp: Buffer; version: string }> {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0 || bytes.length > FAMILY_PICTURE_MAX_BYTES) throw invalidPicture();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidPicture();
    const webp = await image
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
    return { webp, version: familyPictureVersion(webp) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidPicture();
  }
}

/** The picture's address changes with its content, so browsers may cache each version for good. */
export const familyPictureVersion = (webp: Buffer) =>
  createHash("sha256").update(webp).digest("base64url").slice(0, 16);

export async function saveFamilyPicture(
  db: Database,
  options: { familyId: string; picture: { webp: Buffer; version: string } | null },
): Promise<void> {
  if (!options.picture) {
    await db.delete(familyPicture).where(eq(familyPicture.organizationId, options.familyId));
    return;
  }
  const values = { version: options.picture.version, webp: options.picture.webp, updatedAt: new Date() };
  await db
    .insert(familyPicture)
    .values({ organizationId: options.familyId, ...values })
    .onConflictDoUpdate({ target: familyPicture.organizationId, set: values });
}

export const familyPicturePath = (familyId: string, version: string) =>
  `/api/organization/picture/${encodeURIComponent(familyId)}/${version}.webp`;

export function familyPictureUrl(
  media: { mediaSecret: string; mediaTtlSeconds: number },
  familyId: string,
  version: string | null,
): string | null {
  if (!version) return null;
  return signPath(media.mediaSecret, familyPicturePath(familyId, version), Date.now(), media.mediaTtlSeconds);
}

export async function readFamilyPicture(
  db: Database,
  options: { familyId: string; version: string },
): Promise<Buffer | null> {
  const [row] = await db
    .select({ version: familyPicture.version, webp: familyPicture.webp })
    .from(familyPicture)
    .where(eq(familyPicture.organizationId, options.familyId));
  return row && row.version === options.version ? row.webp : null;
}
