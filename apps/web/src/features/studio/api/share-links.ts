import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PortraitShare,
  portraitSharesEndpoint,
  revokePortraitShareEndpoint,
  sharePortraitEndpoint,
} from "@wonderkin/contract";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";
import { withoutShare, withShare } from "../lib/share-links";

/** The live share links of a child's portraits, beside (not inside) the gallery's pages. */
export const shareLinksQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "share-links"] as const;

export function getShareLinksQueryOptions(familyId: string | null, childId: number | null) {
  return queryOptions({
    queryKey: shareLinksQueryKey(familyId ?? "none", childId ?? 0),
    queryFn: async () =>
      (await callApi(portraitSharesEndpoint, { childId: childId ?? 0 }, { organizationId: familyId ?? "" }))
        .shares,
    enabled: Boolean(familyId && childId),
    staleTime: 60_000,
  });
}

export function useShareLinks(familyId: string | null, childId: number | null) {
  return useQuery(getShareLinksQueryOptions(familyId, childId));
}

/** "Copy link": the portrait's share link, made on the first click and the same one after. */
export function useSharePortrait(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) =>
      (await callApi(sharePortraitEndpoint, { imageId }, { organizationId: familyId })).share,
    onSuccess: (share) => {
      queryClient.setQueryData<PortraitShare[]>(shareLinksQueryKey(familyId, childId), (shares) =>
        withShare(shares, share),
      );
    },
  });
}

/** The caption under the picture on the share page: set, changed, or removed (blank). */
export function useSetShareCaption(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { imageId: string; caption: string }) =>
      (await callApi(sharePortraitEndpoint, input, { organizationId: familyId })).share,
    onSuccess: (share) => {
      queryClient.setQueryData<PortraitShare[]>(shareLinksQueryKey(familyId, childId), (shares) =>
        withShare(shares, share),
      );
    },
  });
}

/** "Stop sharing": the address stops working for everyone at once. */
export function useStopSharing(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      callApi(revokePortraitShareEndpoint, { imageId }, { organizationId: familyId }),
    onSuccess: (_answer, imageId) => {
      queryClient.setQueryData<PortraitShare[]>(shareLinksQueryKey(familyId, childId), (shares) =>
        withoutShare(shares, imageId),
      );
    },
  });
}
