import type { QueryClient } from "@tanstack/react-query";

let pageQueryClient: QueryClient | null = null;

/**
 * The page's query client, handed to route loaders by main.tsx. (React Router's own context for
 * loaders, `getContext`, would do the same for about 20 more bytes on every public page, which have
 * none to spare: decision 0071.)
 */
export function provideRouteQueryClient(queryClient: QueryClient | null): void {
  pageQueryClient = queryClient;
}

/**
 * The query client route loaders use. Null where none is given (the server's copy of a page, a
 * test's router): a loader then leaves the page to its queries.
 */
export const routeQueryClient = (): QueryClient | null => pageQueryClient;
