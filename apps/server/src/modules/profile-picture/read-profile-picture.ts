import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import type { Storage } from "../../providers/storage/storage";
import { isPictureVersion, ownPictureVersion, profilePictureKey } from "./profile-picture-address";

/**
 * The bytes of a parent's picture at one version, or null when it is not their current one (an
 * address of a replaced or removed picture stops working even before it expires).
 */
export async function readProfilePicture(
  deps: { db: Database; storage: Storage },
  options: { userId: string; version: string },
): Promise<Buffer | null> {
  if (!isPictureVersion(options.version)) return null;
  const [row] = await deps.db.select({ image: user.image }).from(user).where(eq(user.id, options.userId));
  if (!row || ownPictureVersion(options.userId, row.image) !== options.version) return null;
  return deps.storage.get(profilePictureKey(options.userId, options.version));
}
