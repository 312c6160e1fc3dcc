import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import {
  deleteGeneratedImageEndpoint,
  GALLERY_PAGE_SIZE,
  type GeneratedImage,
  generatedImagesEndpoint,
  printImageEndpoint,
} from "@wonderkin/contract";
import { childrenQueryKey } from "@/entities/children/get-children";
import { removeFromPreviews } from "@/entities/previews/previews-api";
import { callApi } from "@/lib/api-client";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";
import {
  type GalleryData,
  type GalleryPage,
  mergeImageUpdates,
  prependImages,
  removeImage,
} from "../lib/gallery";

/** A child's portraits, under the family's key (a family switch or refresh covers them). */
export const galleryQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "generated-images"] as const;

export function getGalleryQueryOptions(familyId: string | null, childId: number | null) {
  return infiniteQueryOptions<
    GalleryPage,
    Error,
    InfiniteData<GalleryPage, string | undefined>,
    readonly unknown[],
    string | undefined
  >({
    queryKey: galleryQueryKey(familyId ?? "none", childId ?? 0),
    queryFn: ({ pageParam }) =>
      callApi(
        generatedImagesEndpoint,
        { childId: childId ?? 0, limit: GALLERY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        { organizationId: familyId ?? "" },
      ),
    initialPageParam: undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: Boolean(familyId && childId),
    // The addresses are signed and short-lived: read them again just before the first expires.
    staleTime: 5 * 60_000,
    refetchInterval: (query) => refetchBeforeMediaExpires(query.state.data),
  });
}

export function useGallery(familyId: string | null, childId: number | null) {
  return useInfiniteQuery(getGalleryQueryOptions(familyId, childId));
}

export function updateGallery(
  queryClient: QueryClient,
  familyId: string,
  childId: number,
  update: (data: GalleryData | undefined) => GalleryData | undefined,
): void {
  queryClient.setQueryData<GalleryData>(galleryQueryKey(familyId, childId), update);
}

export const mergeIntoGallery = (
  queryClient: QueryClient,
  familyId: string,
  childId: number,
  images: readonly GeneratedImage[],
) => updateGallery(queryClient, familyId, childId, (data) => mergeImageUpdates(data, images));

export const addToGallery = (
  queryClient: QueryClient,
  familyId: string,
  childId: number,
  images: readonly GeneratedImage[],
) => updateGallery(queryClient, familyId, childId, (data) => prependImages(data, images));

export function useDeleteImage(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      callApi(deleteGeneratedImageEndpoint, { imageId }, { organizationId: familyId }),
    onSuccess: (_answer, imageId) => {
      updateGallery(queryClient, familyId, childId, (data) => removeImage(data, imageId));
      // A preview is in the studio's preview strip too.
      removeFromPreviews(queryClient, familyId, childId, imageId);
    },
  });
}

/** An A4 print file of a finished portrait (plans with ready-to-print). */
export function usePrintImage(familyId: string) {
  return useMutation({
    mutationFn: (imageId: string) => callApi(printImageEndpoint, { imageId }, { organizationId: familyId }),
  });
}
