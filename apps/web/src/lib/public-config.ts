import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EndpointResponse, publicConfigEndpoint } from "@wonderkin/contract";
import { PUBLIC_CONFIG_ELEMENT_ID, publicApiPaths } from "@wonderkin/contract/rules";
import { plainRequest } from "@/lib/plain-request";

export type PublicConfig = EndpointResponse<typeof publicConfigEndpoint>;

/**
 * The configuration the server put into the page it served, if any: the first paint (social
 * buttons, the landing's numbers, the privacy policy's periods) then needs no request. Absent in
 * the Vite dev server and in tests, where the request is made as before.
 */
export function embeddedPublicConfig(
  doc: Document | undefined = globalThis.document,
): PublicConfig | undefined {
  const text = doc?.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch {
    return undefined;
  }
}

export function getPublicConfigQueryOptions() {
  return queryOptions({
    queryKey: ["public-config"],
    // Read without zod: sign-in and sign-up show the social buttons and the landing's numbers from it
    // on their first paint (decision 0036); the server writes it through publicConfigEndpoint's schema.
    queryFn: async () => (await plainRequest(publicApiPaths.config, { method: "GET" })) as PublicConfig,
    initialData: embeddedPublicConfig,
    // Deployment settings: they change with a restart, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
