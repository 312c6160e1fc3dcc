import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreatePortraitSeriesRequest,
  createPortraitSeriesEndpoint,
  deletePortraitSeriesEndpoint,
  type PortraitSeries,
  portraitSeriesListEndpoint,
} from "@wonderkin/contract";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";

export const portraitSeriesQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "series"] as const;

type Listed = { series: PortraitSeries[]; remindersByEmail: boolean };

/** A child's yearly series with their years; read again before the pictures' addresses expire. */
export function usePortraitSeries(familyId: string | null, childId: number) {
  return useQuery(
    queryOptions({
      queryKey: portraitSeriesQueryKey(familyId ?? "", childId),
      queryFn: () => callApi(portraitSeriesListEndpoint, { childId }, { organizationId: familyId ?? "" }),
      enabled: familyId !== null,
      refetchInterval: (query) => refetchBeforeMediaExpires(query.state.data),
    }),
  );
}

/** Starts a series: it joins the list at once. */
export function useStartPortraitSeries(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreatePortraitSeriesRequest) =>
      callApi(createPortraitSeriesEndpoint, request, { organizationId: familyId }),
    onSuccess: ({ series }) => {
      queryClient.setQueryData<Listed>(portraitSeriesQueryKey(familyId, series.childId), (old) =>
        old ? { ...old, series: [...old.series.filter(({ id }) => id !== series.id), series] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: portraitSeriesQueryKey(familyId, series.childId) });
    },
  });
}

/** Ends a series: its reminders stop; the portraits stay in the gallery. */
export function useEndPortraitSeries(familyId: string, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) =>
      callApi(deletePortraitSeriesEndpoint, { seriesId }, { organizationId: familyId }),
    onSuccess: (_answer, seriesId) => {
      queryClient.setQueryData<Listed>(portraitSeriesQueryKey(familyId, childId), (old) =>
        old ? { ...old, series: old.series.filter(({ id }) => id !== seriesId) } : old,
      );
    },
  });
}
