import { signPath } from "../../lib/signed-url";

/** The key that signs media addresses and how long an address works (MEDIA_URL_TTL_SECONDS). */
export type MediaSigning = { mediaSecret: string; mediaTtlSeconds: number };

/**
 * Where a parent's own files live in the storage port: under the parent, not under any family,
 * so they go with the account (erase-account.ts) and never with a family.
 */
export const userStoragePrefix = (userId: string) => `users/${userId}/`;
export const profilePicturePrefix = (userId: string) => `${userStoragePrefix(userId)}picture/`;
export const profilePictureKey = (userId: string, version: string) =>
  `${profilePicturePrefix(userId)}${version}.webp`;

const PATH_START = "/api/user/picture/";
const VERSION = /^[A-Za-z0-9_-]{16}$/;

/**
 * What `user.image` holds for an uploaded picture: a stable, unsigned path that names its version.
 * The server signs it on every read, so no expiring address is ever stored.
 */
export const profilePicturePath = (userId: string, version: string) =>
  `${PATH_START}${encodeURIComponent(userId)}/${version}.webp`;

/**
 * The version of the parent's own uploaded picture that `image` names, or null. Only a path of
 * this very user counts: `image` can also be set through Better Auth's own update-user call, and
 * a path naming someone else's picture must never be signed for this parent.
 */
export function ownPictureVersion(userId: string, image: string | null): string | null {
  if (!image?.startsWith(PATH_START)) return null;
  const version = image.slice(image.lastIndexOf("/") + 1).replace(/\.webp$/, "");
  return VERSION.test(version) && image === profilePicturePath(userId, version) ? version : null;
}

/**
 * The `avatarUrl` the API returns: a fresh signed address of an uploaded picture, an external
 * address from a social profile as it was stored (the web app decides whether it can show it),
 * or null — also for a path that is not this parent's own picture.
 */
export function avatarUrlOf(media: MediaSigning, row: { id: string; image: string | null }): string | null {
  if (!row.image) return null;
  if (!row.image.startsWith(PATH_START)) return row.image;
  const version = ownPictureVersion(row.id, row.image);
  if (!version) return null;
  return signPath(media.mediaSecret, profilePicturePath(row.id, version), Date.now(), media.mediaTtlSeconds);
}

/** A version as it may appear in a served address (the signature was checked before). */
export const isPictureVersion = (version: string) => VERSION.test(version);
