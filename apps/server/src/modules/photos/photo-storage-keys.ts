import { childStoragePrefix } from "../storage-layout/family-storage-prefix";

export function photoKeys(familyId: string, childId: number, photoId: string) {
  const base = childStoragePrefix(familyId, childId);
  return { storageKey: `${base}photos/${photoId}.jpg`, thumbnailKey: `${base}thumbnails/${photoId}.webp` };
}
