import type { QueryClient } from "@tanstack/react-query";
import type { UploadedPhoto } from "@wonderkin/contract";
import { childrenQueryKey } from "./get-children";

/**
 * One child's uploaded photos, under the family's key. The upload page reads them; training (an
 * entity of its own) marks the ones the server refused to train on, so the key lives down here.
 */
export const childPhotosQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "photos"] as const;

/**
 * The server named photos a training start was refused for: ones that look like someone other than
 * the child (TRAINING_PHOTOS_DIFFERENT_PEOPLE) or adult-looking ones not yet answered for
 * (TRAINING_ADULT_QUESTIONS_OPEN). They show as marked at once, and the list is read again for the
 * server's own word on every photo.
 */
export function markRefusedPhotos(
  queryClient: QueryClient,
  familyId: string,
  childId: number,
  refused: { reason: "someone-else" | "looks-adult"; photoIds: readonly string[] },
): void {
  const marked = new Set(refused.photoIds);
  const mark = (photo: UploadedPhoto): UploadedPhoto =>
    refused.reason === "someone-else" ? { ...photo, identity: "different" } : { ...photo, looksAdult: true };
  queryClient.setQueryData<{ photos: UploadedPhoto[] }>(childPhotosQueryKey(familyId, childId), (current) =>
    current
      ? { ...current, photos: current.photos.map((photo) => (marked.has(photo.id) ? mark(photo) : photo)) }
      : current,
  );
  void queryClient.invalidateQueries({ queryKey: childPhotosQueryKey(familyId, childId) });
}
