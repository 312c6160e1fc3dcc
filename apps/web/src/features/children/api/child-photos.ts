import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type Child,
  deleteUploadedImagesEndpoint,
  getUploadedImagesEndpoint,
  keepPhotoEndpoint,
  type UploadedPhoto,
} from "@wonderkin/contract";
import { childPhotosQueryKey } from "@/entities/children/child-photos-cache";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";

export { childPhotosQueryKey };

export type ChildPhotos = {
  photos: UploadedPhoto[];
  limits: { min: number; max: number; maxMegabytes: number };
};

export function getChildPhotos(familyId: string, childId: number): Promise<ChildPhotos> {
  return callApi(getUploadedImagesEndpoint, { childId }, { organizationId: familyId });
}

export function getChildPhotosQueryOptions(familyId: string | null, childId: number | null) {
  return queryOptions({
    queryKey: childPhotosQueryKey(familyId ?? "none", childId ?? 0),
    queryFn: () => getChildPhotos(familyId ?? "", childId ?? 0),
    enabled: Boolean(familyId && childId),
    staleTime: 5 * 60_000,
    // Fresh signed links before the current ones expire (MEDIA_URL_TTL_SECONDS, 15 minutes by default).
    refetchInterval: (query) => refetchBeforeMediaExpires(query.state.data),
  });
}

export function useChildPhotos(familyId: string | null, childId: number | null) {
  return useQuery(getChildPhotosQueryOptions(familyId, childId));
}

/** Keeps the child's photo count on the children list in step without reading the list again. */
export function setChildPhotoCount(
  queryClient: ReturnType<typeof useQueryClient>,
  familyId: string,
  childId: number,
  photoCount: number,
) {
  queryClient.setQueryData<Child[]>(childrenQueryKey(familyId), (children) =>
    children?.map((child) => (child.id === childId ? { ...child, photoCount } : child)),
  );
}

/** A photo the server accepted joins the grid at once. */
export function addPhotoToCache(
  queryClient: ReturnType<typeof useQueryClient>,
  familyId: string,
  childId: number,
  photo: UploadedPhoto,
  photoCount: number,
) {
  queryClient.setQueryData<ChildPhotos>(childPhotosQueryKey(familyId, childId), (current) =>
    current
      ? { ...current, photos: [...current.photos.filter((existing) => existing.id !== photo.id), photo] }
      : current,
  );
  setChildPhotoCount(queryClient, familyId, childId, photoCount);
}

export function useDeleteChildPhotos(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      callApi(deleteUploadedImagesEndpoint, { childId, photoIds }, { organizationId: familyId }),
    onSuccess: ({ photoCount }, photoIds) => {
      queryClient.setQueryData<ChildPhotos>(childPhotosQueryKey(familyId, childId), (current) =>
        current
          ? { ...current, photos: current.photos.filter((photo) => !photoIds.includes(photo.id)) }
          : current,
      );
      setChildPhotoCount(queryClient, familyId, childId, photoCount);
      // The others' ranks and checks depend on the whole set: read it again.
      void queryClient.invalidateQueries({ queryKey: childPhotosQueryKey(familyId, childId) });
    },
  });
}

/**
 * The parent confirms that photos flagged as looking like an adult are their child (one, or all at
 * once): each stays, unflagged, at once; then the list is read again, once, since the set's
 * ranking may move with them.
 */
export function useKeepChildPhoto(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoIds: string | readonly string[]) => {
      const kept: UploadedPhoto[] = [];
      for (const photoId of typeof photoIds === "string" ? [photoIds] : photoIds) {
        kept.push(
          (await callApi(keepPhotoEndpoint, { childId, photoId }, { organizationId: familyId })).photo,
        );
      }
      return kept;
    },
    onSuccess: (kept) => {
      const byId = new Map(kept.map((photo) => [photo.id, photo]));
      queryClient.setQueryData<ChildPhotos>(childPhotosQueryKey(familyId, childId), (current) =>
        current
          ? { ...current, photos: current.photos.map((existing) => byId.get(existing.id) ?? existing) }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: childPhotosQueryKey(familyId, childId) });
    },
  });
}
