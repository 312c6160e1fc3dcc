import { queryOptions, useQuery } from "@tanstack/react-query";
import { plansEndpoint, topUpCreditPlansEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/** The plans on offer and the top-up packs: the same for everyone, and they seldom change. */
export function getPlansQueryOptions() {
  return queryOptions({
    queryKey: ["plans"],
    queryFn: () => callApi(plansEndpoint, {}),
    staleTime: 10 * 60_000,
  });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}

export function getTopUpPacksQueryOptions() {
  return queryOptions({
    queryKey: ["top-up-packs"],
    queryFn: () => callApi(topUpCreditPlansEndpoint, {}),
    staleTime: 10 * 60_000,
  });
}

export function useTopUpPacks() {
  return useQuery(getTopUpPacksQueryOptions());
}
