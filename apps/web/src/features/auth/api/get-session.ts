import { queryOptions, useQuery } from "@tanstack/react-query";
import { authClient } from "./auth-client";

export type SessionUser = { id: string; email: string; emailVerified: boolean; name: string };
export type Session = { user: SessionUser } | null;

/** The current session, or null when signed out. */
export async function getSession(): Promise<Session> {
  const { data, error } = await authClient.getSession();
  if (error) {
    // 401 means "no valid session": that is an answer (signed out), not a failure.
    if (error.status === 401) return null;
    throw new Error(error.message ?? "Could not load your session.");
  }
  return data ? { user: data.user } : null;
}

export const sessionQueryKey = ["session"] as const;

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}
