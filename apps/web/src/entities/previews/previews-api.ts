import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type Previews,
  previewsByEmailEndpoint,
  previewsEndpoint,
  swapPreviewStyleEndpoint,
} from "@wonderkin/contract";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";
import { keepShownPreviews, previewsPollInterval, withoutPreview } from "./preview-updates";

/** A child's free previews, under the family's key (a family switch or refresh covers them). */
export const previewsQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "previews"] as const;

/**
 * The child's previews, read again while they are being made and while the model trains (see
 * previewsPollInterval). `enabled: false` where no set can exist yet (too few photos).
 */
export function getPreviewsQueryOptions(
  familyId: string | null,
  childId: number | null,
  options: { trainingRunning?: boolean; enabled?: boolean } = {},
) {
  const trainingRunning = options.trainingRunning ?? false;
  return queryOptions({
    queryKey: previewsQueryKey(familyId ?? "none", childId ?? 0),
    queryFn: () => callApi(previewsEndpoint, { childId: childId ?? 0 }, { organizationId: familyId ?? "" }),
    enabled: Boolean(familyId && childId) && (options.enabled ?? true),
    // Read again whenever shown, except within 5 s of an answer: the studio's route loader asks this
    // just before the studio is first drawn (issue 32), which must not ask it again as it appears.
    staleTime: 5_000,
    structuralSharing: (previous, next) =>
      keepShownPreviews(previous as Previews | undefined, next as Previews),
    refetchInterval: (query) => previewsPollInterval(query.state.data, { trainingRunning }),
  });
}

export function usePreviews(
  familyId: string | null,
  childId: number | null,
  options: { trainingRunning?: boolean; enabled?: boolean } = {},
) {
  return useQuery(getPreviewsQueryOptions(familyId, childId, options));
}

/** Takes a deleted preview out of the child's set at once (the gallery and the viewer delete them). */
export function removeFromPreviews(
  queryClient: QueryClient,
  familyId: string,
  childId: number,
  imageId: string,
): void {
  queryClient.setQueryData<Previews>(previewsQueryKey(familyId, childId), (previews) =>
    withoutPreview(previews, imageId),
  );
}

/**
 * Whether the previews come with the "studio ready" e-mail. The switch moves at once and moves back
 * if the server refuses (the page says so).
 */
export function useSetPreviewsByEmail(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  const key = previewsQueryKey(familyId, childId);
  return useMutation({
    mutationFn: (byEmail: boolean) =>
      callApi(previewsByEmailEndpoint, { childId, byEmail }, { organizationId: familyId }),
    onMutate: async (byEmail) => {
      // A poll already on its way would otherwise put the old value back.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Previews>(key);
      queryClient.setQueryData<Previews>(key, (previews) => (previews ? { ...previews, byEmail } : previews));
      return { before };
    },
    onError: (_error, _byEmail, context) => {
      if (context?.before) {
        const { byEmail } = context.before;
        queryClient.setQueryData<Previews>(key, (previews) =>
          previews ? { ...previews, byEmail } : previews,
        );
      }
    },
    onSuccess: ({ byEmail }) =>
      queryClient.setQueryData<Previews>(key, (previews) => (previews ? { ...previews, byEmail } : previews)),
  });
}

/**
 * Swaps a finished preview for a new one in another style, while the model trains. The answer is
 * the child's whole set, with the new preview still being made: it replaces the cached set, so the
 * new tile shows at once and the set is read every few seconds again until it is done.
 */
export function useSwapPreviewStyle(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  const key = previewsQueryKey(familyId, childId);
  return useMutation({
    mutationFn: (swap: { imageId: string; styleId: string }) =>
      callApi(swapPreviewStyleEndpoint, swap, { organizationId: familyId }),
    onSuccess: async (previews) => {
      // A poll already on its way would otherwise bring the swapped preview back for a moment.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Previews>(key, previews);
    },
  });
}
