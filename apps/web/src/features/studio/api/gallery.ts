import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  deleteGeneratedImageEndpoint,
  GALLERY_PAGE_SIZE,
  type GalleryFilter,
  type GeneratedImage,
  galleryFiltersEndpoint,
  generatedImagesEndpoint,
  printImageEndpoint,
  setFavouriteEndpoint,
} from "@wonderkin/contract";
import { childrenQueryKey } from "@/entities/children/get-children";
import { removeFromPreviews } from "@/entities/previews/previews-api";
import { callApi } from "@/lib/api-client";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";
import {
  type GalleryData,
  type GalleryPage,
  matchesFilter,
  mergeImageUpdates,
  prependImages,
  removeImage,
  setFavouriteIn,
} from "../lib/gallery";

/** A child's portraits, under the family's key (a family switch or refresh covers them). */
export const galleryQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "generated-images"] as const;

/**
 * The child's gallery narrowed to one filter: its own pages, under a key of its own beside the full
 * gallery's (whose key also prefixes the status polls), so updates reach every filtered copy.
 */
const filteredGalleriesKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "generated-images-filtered"] as const;
export const filteredGalleryQueryKey = (familyId: string, childId: number, filter: GalleryFilter) =>
  [...filteredGalleriesKey(familyId, childId), filter] as const;

/** The filters' counts (styles present, favourites). */
export const galleryFiltersQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "gallery-filters"] as const;

export function getGalleryQueryOptions(
  familyId: string | null,
  childId: number | null,
  filter: GalleryFilter | null = null,
) {
  const family = familyId ?? "none";
  const child = childId ?? 0;
  return infiniteQueryOptions<
    GalleryPage,
    Error,
    InfiniteData<GalleryPage, string | undefined>,
    readonly unknown[],
    string | undefined
  >({
    queryKey: filter ? filteredGalleryQueryKey(family, child, filter) : galleryQueryKey(family, child),
    queryFn: ({ pageParam }) =>
      callApi(
        generatedImagesEndpoint,
        {
          childId: child,
          limit: GALLERY_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(filter ? { filter } : {}),
        },
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

/** The gallery narrowed to a filter; idle (nothing read) while no filter is chosen. */
export function useFilteredGallery(familyId: string, childId: number, filter: GalleryFilter | null) {
  return useInfiniteQuery({
    ...getGalleryQueryOptions(familyId, childId, filter ?? { favourites: true }),
    enabled: filter !== null,
  });
}

export function getGalleryFiltersQueryOptions(familyId: string, childId: number) {
  return queryOptions({
    queryKey: galleryFiltersQueryKey(familyId, childId),
    queryFn: () => callApi(galleryFiltersEndpoint, { childId }, { organizationId: familyId }),
  });
}

export function useGalleryFilters(familyId: string, childId: number) {
  return useQuery(getGalleryFiltersQueryOptions(familyId, childId));
}

/** The counts changed (a portrait asked for, deleted, or marked): read them again. */
const recountFilters = (queryClient: QueryClient, familyId: string, childId: number) =>
  queryClient.invalidateQueries({ queryKey: galleryFiltersQueryKey(familyId, childId) });

/**
 * Writes an update into the child's gallery and every filtered copy of it (`filter` says which a
 * copy is, so new portraits go only where they belong).
 */
export function updateGallery(
  queryClient: QueryClient,
  familyId: string,
  childId: number,
  update: (data: GalleryData | undefined, filter: GalleryFilter | null) => GalleryData | undefined,
): void {
  queryClient.setQueryData<GalleryData>(galleryQueryKey(familyId, childId), (data) => update(data, null));
  for (const [key] of queryClient.getQueriesData<GalleryData>({
    queryKey: filteredGalleriesKey(familyId, childId),
  })) {
    const filter = key.at(-1) as GalleryFilter;
    queryClient.setQueryData<GalleryData>(key, (data) => update(data, filter));
  }
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
) => {
  updateGallery(queryClient, familyId, childId, (data, filter) =>
    prependImages(data, filter ? images.filter((image) => matchesFilter(image, filter)) : images),
  );
  void recountFilters(queryClient, familyId, childId);
};

export function useDeleteImage(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      callApi(deleteGeneratedImageEndpoint, { imageId }, { organizationId: familyId }),
    onSuccess: (_answer, imageId) => {
      updateGallery(queryClient, familyId, childId, (data) => removeImage(data, imageId));
      // A preview is in the studio's preview strip too.
      removeFromPreviews(queryClient, familyId, childId, imageId);
      void recountFilters(queryClient, familyId, childId);
    },
  });
}

/** An A4 print file of a finished portrait (plans with ready-to-print). */
export function usePrintImage(familyId: string) {
  return useMutation({
    mutationFn: (imageId: string) => callApi(printImageEndpoint, { imageId }, { organizationId: familyId }),
  });
}

/**
 * Marks or unmarks a favourite (the family shares one mark). The heart changes at once, everywhere
 * the portrait is shown, and changes back if the server refuses. The favourites' own list is read
 * again when next shown, not while the parent looks at it (a portrait unmarked there stays put
 * rather than vanishing under their finger).
 */
export function useSetFavourite(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  const mark = (imageId: string, favourite: boolean) =>
    updateGallery(queryClient, familyId, childId, (data) => setFavouriteIn(data, imageId, favourite));
  return useMutation({
    mutationFn: (input: { imageId: string; favourite: boolean }) =>
      callApi(setFavouriteEndpoint, input, { organizationId: familyId }),
    onMutate: ({ imageId, favourite }) => mark(imageId, favourite),
    onError: (_error, { imageId, favourite }) => mark(imageId, !favourite),
    onSuccess: ({ image }) => mergeIntoGallery(queryClient, familyId, childId, [image]),
    onSettled: () => {
      void recountFilters(queryClient, familyId, childId);
      void queryClient.invalidateQueries({
        queryKey: filteredGalleryQueryKey(familyId, childId, { favourites: true }),
        refetchType: "none",
      });
    },
  });
}
