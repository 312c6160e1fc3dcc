import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EndpointResponse, publicConfigEndpoint } from "@wonderkin/contract";
import { publicApiPaths } from "@wonderkin/contract/rules";
import { plainRequest } from "@/lib/plain-request";

export type PublicConfig = EndpointResponse<typeof publicConfigEndpoint>;

export function getPublicConfigQueryOptions() {
  return queryOptions({
    queryKey: ["public-config"],
    // Read without zod: sign-in and sign-up show the social buttons and the landing's numbers from it
    // on their first paint (decision 0036); the server writes it through publicConfigEndpoint's schema.
    queryFn: async () => (await plainRequest(publicApiPaths.config, { method: "GET" })) as PublicConfig,
    // Deployment settings: they change with a restart, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
