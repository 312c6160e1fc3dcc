/**
 * Where a parent's exports live: under the parent, not under any family, so they go with the
 * account and never with (or into) a family's files.
 */
export const exportStoragePrefix = (userId: string) => `exports/${userId}/`;
export const exportKey = (userId: string, exportId: string) =>
  `${exportStoragePrefix(userId)}${exportId}.zip`;
