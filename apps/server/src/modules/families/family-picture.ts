import { FAMILY_PICTURE_MAX_BYTES, familyErrorCodes, familyMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { familyPicture } from "../../db/schema";
import { squarePictureFromDataUrl, squarePictureVersion } from "../../image-work/square-picture";
import { AppError } from "../../lib/app-error";
import { signPath } from "../../lib/signed-url";

/** Square WebP without metadata; the same processing as a parent's profile picture (decision 0059). */
export async function normaliseFamilyPicture(dataUrl: string): Promise<{ webp: Buffer; version: string }> {
  const picture = await squarePictureFromDataUrl(dataUrl, { maxBytes: FAMILY_PICTURE_MAX_BYTES });
  if (!picture) throw new AppError(400, familyErrorCodes.pictureInvalid, familyMessages.pictureInvalid);
  return picture;
}

/** The picture's address changes with its content, so browsers may cache each version for good. */
export const familyPictureVersion = squarePictureVersion;

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
