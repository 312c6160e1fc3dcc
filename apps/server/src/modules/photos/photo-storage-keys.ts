/** Where everything of a family and of a child lives in storage: deletable by prefix. */
export const familyStoragePrefix = (familyId: string) => `families/${familyId}/`;
export const childStoragePrefix = (familyId: string, childId: number) =>
  `${familyStoragePrefix(familyId)}children/${childId}/`;

export function photoKeys(familyId: string, childId: number, photoId: string) {
  const base = childStoragePrefix(familyId, childId);
  return { storageKey: `${base}photos/${photoId}.jpg`, thumbnailKey: `${base}thumbnails/${photoId}.webp` };
}
