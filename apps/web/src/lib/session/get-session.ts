import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { authClient } from "./auth-client";

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null | undefined;
};
export type Session = { user: SessionUser; token: string } | null;

/**
 * The current session, or null when signed out. `fresh` reads it from the database rather than any
 * cached copy (spec §4: verification status is refreshed after forcing a fresh token).
 */
export async function getSession({ fresh = false }: { fresh?: boolean } = {}): Promise<Session> {
  const { data, error } = await authClient.getSession(
    fresh ? { query: { disableCookieCache: true } } : undefined,
  );
  if (error) {
    // 401 means "no valid session": that is an answer (signed out), not a failure.
    if (error.status === 401) return null;
    throw new Error(error.message ?? "Could not load your session.");
  }
  return data ? { user: data.user, token: data.session.token } : null;
}

export const sessionQueryKey = ["session"] as const;

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: () => getSession(), staleTime: 60_000 });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}

/**
 * Reads the session and the user record again and shares the answers with every component (the
 * guard moves on when they change, e.g. once the e-mail is verified). `fresh` bypasses any cached
 * copy of the session on the server.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ fresh = false }: { fresh?: boolean } = {}) => {
      const session = await queryClient.fetchQuery({
        queryKey: sessionQueryKey,
        queryFn: () => getSession({ fresh }),
        staleTime: 0,
      });
      // The user record carries the verification state and credits the guard reads.
      await queryClient.invalidateQueries({ queryKey: ["user"] });
      return session;
    },
    [queryClient],
  );
}
