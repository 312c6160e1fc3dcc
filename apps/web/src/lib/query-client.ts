import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";
import { discardFirstAnswers } from "./first-answers";

/**
 * Client errors (4xx) are answers, not glitches: retrying them only delays the message.
 * `onError` sees every failed query and mutation (e.g. to notice the parent left a family).
 */
export function createQueryClient({ onError }: { onError?: (error: unknown) => void } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onError?.(error) }),
    mutationCache: new MutationCache({
      // The page's embedded first answers describe the moment it was served: once anything is
      // changed, a query read afterwards must ask the server (decision 0064).
      onMutate: () => discardFirstAnswers(),
      onError: (error) => onError?.(error),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
