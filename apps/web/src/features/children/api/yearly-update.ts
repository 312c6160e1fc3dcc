import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  startYearlyUpdateEndpoint,
  type YearlyUpdateState,
  yearlyUpdateStateEndpoint,
} from "@wonderkin/contract";
import { childPhotosQueryKey, markRefusedPhotos } from "@/entities/children/child-photos-cache";
import { childrenQueryKey } from "@/entities/children/get-children";
import { photosToAnswer } from "@/entities/training/start-on-continue";
import { callApi } from "@/lib/api-client";

export const yearlyUpdateQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "yearly-update"] as const;

/** While an update runs, its progress is read this often. */
export const YEARLY_UPDATE_POLL_MS = 3_000;

/**
 * An update that just finished changed what the page shows: the model's date (so which photos are
 * this year's), the child on the children list, and the parent's credits (each series' portrait
 * was paid for). All are read again.
 */
function refreshAfterUpdate(queryClient: QueryClient, familyId: string, childId: number): void {
  void queryClient.invalidateQueries({ queryKey: childPhotosQueryKey(familyId, childId) });
  void queryClient.invalidateQueries({ queryKey: childrenQueryKey(familyId), exact: true });
  void queryClient.invalidateQueries({ queryKey: ["user"] });
}

/** Where a child's yearly update stands; read every 3 s while it runs and its portraits are asked. */
export function getYearlyUpdateQueryOptions(
  queryClient: QueryClient,
  familyId: string | null,
  childId: number | null,
) {
  const queryKey = yearlyUpdateQueryKey(familyId ?? "none", childId ?? 0);
  return queryOptions({
    queryKey,
    queryFn: async () => {
      const before = queryClient.getQueryData<YearlyUpdateState>(queryKey);
      const state = await callApi(
        yearlyUpdateStateEndpoint,
        { childId: childId ?? 0 },
        { organizationId: familyId ?? "" },
      );
      if (familyId && childId && before?.status === "started" && state.status === "completed")
        refreshAfterUpdate(queryClient, familyId, childId);
      return state;
    },
    enabled: Boolean(familyId && childId),
    staleTime: 0,
    // While it trains, and then while its series' portraits are being asked for.
    refetchInterval: (query) =>
      query.state.data?.status === "started" || query.state.data?.seriesPending
        ? YEARLY_UPDATE_POLL_MS
        : false,
  });
}

export function useYearlyUpdate(familyId: string | null, childId: number | null) {
  const queryClient = useQueryClient();
  return useQuery(getYearlyUpdateQueryOptions(queryClient, familyId, childId));
}

/**
 * Starts (or, after a failure, retries) the update; the answer becomes the page's state at once, so
 * its progress shows without waiting for the next read. A start refused because of photos (someone
 * else's, or adult-looking ones not answered for) marks those photos, as the first training does;
 * any refusal reads the state again, since it may have moved meanwhile (another parent started it).
 */
export function useStartYearlyUpdate(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(startYearlyUpdateEndpoint, { childId }, { organizationId: familyId }),
    onSuccess: (state) => {
      queryClient.setQueryData(yearlyUpdateQueryKey(familyId, childId), state);
    },
    onError: (error) => {
      const refused = photosToAnswer(error);
      if (refused) markRefusedPhotos(queryClient, familyId, childId, refused);
      void queryClient.invalidateQueries({ queryKey: yearlyUpdateQueryKey(familyId, childId) });
    },
  });
}
