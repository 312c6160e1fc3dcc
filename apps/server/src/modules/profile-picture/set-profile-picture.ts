import {
  authErrorCodes,
  authMessages,
  FAMILY_PICTURE_MAX_BYTES,
  userErrorCodes,
  userMessages,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import { squarePictureFromDataUrl } from "../../image-work/square-picture";
import { AppError } from "../../lib/app-error";
import type { Storage } from "../../providers/storage/storage";
import { profilePictureKey, profilePicturePath, profilePicturePrefix } from "./profile-picture-address";

/**
 * Replaces the parent's picture with an upload (a data URL), or removes it (null) — an uploaded one
 * or the address a social profile gave. The upload is decoded and re-encoded before anything is
 * written, so a refused one changes nothing. Any other stored version is deleted afterwards.
 */
export async function setProfilePicture(
  deps: { db: Database; storage: Storage },
  options: { userId: string; picture: string | null },
): Promise<void> {
  const picture =
    options.picture === null
      ? null
      : // The family picture's limit: the same rule, one number.
        await squarePictureFromDataUrl(options.picture, { maxBytes: FAMILY_PICTURE_MAX_BYTES });
  if (options.picture !== null && !picture) {
    throw new AppError(400, userErrorCodes.pictureInvalid, userMessages.pictureInvalid);
  }
  const { userId } = options;
  const key = picture ? profilePictureKey(userId, picture.version) : null;
  await deps.db.transaction(async (tx) => {
    // One change at a time per parent: two uploads at once must not each delete the other's file.
    const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!row) throw new AppError(404, authErrorCodes.userNotFound, authMessages.userNotFoundInDb);
    // The file first: if the row's update fails, the new file is an orphan the next change removes,
    // never a row pointing at nothing.
    if (picture && key) await deps.storage.put(key, picture.webp, "image/webp");
    await tx
      .update(user)
      .set({ image: picture ? profilePicturePath(userId, picture.version) : null, updatedAt: new Date() })
      .where(eq(user.id, userId));
    const stale = (await deps.storage.list(profilePicturePrefix(userId))).filter((each) => each !== key);
    if (stale.length > 0) await deps.storage.delete(stale);
  });
}
