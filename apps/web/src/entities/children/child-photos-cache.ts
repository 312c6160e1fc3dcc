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
 * The server named photos that look like someone other than the child (a training start refused
 * with TRAINING_PHOTOS_DIFFERENT_PEOPLE): they show as marked at once, and the list is read again
 * for the server's own word on every photo.
 */
export function markPhotosOfSomeoneElse(
  queryClient: QueryClient,
  familyId: string,
  childId: number,
  photoIds: readonly string[],
): void {
  const marked = new Set(photoIds);
  queryClient.setQueryData<{ photos: UploadedPhoto[] }>(childPhotosQueryKey(familyId, childId), (current) =>
    current
      ? {
          ...current,
          photos: current.photos.map((photo) =>
            marked.has(photo.id) && photo.identity !== "different"
              ? { ...photo, identity: "different" as const }
              : photo,
          ),
        }
      : current,
  );
  void queryClient.invalidateQueries({ queryKey: childPhotosQueryKey(familyId, childId) });
}
