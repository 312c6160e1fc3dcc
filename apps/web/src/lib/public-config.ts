import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicConfigEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

export function getPublicConfigQueryOptions() {
  return queryOptions({
    queryKey: ["public-config"],
    queryFn: () => callApi(publicConfigEndpoint, undefined),
    // Deployment settings: they change with a restart, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
