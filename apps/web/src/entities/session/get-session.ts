import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { setRequestContextProvider } from "@/lib/api-error";
import { takeFirstAnswer } from "@/lib/first-answers";
import { readOrganizationId, readSessionToken, storeSessionToken } from "./session-storage";

// The product API learns who is calling and for which family from here (spec §6: every request
// carries the bearer token and an organization-id header). Registered by the session module, which
// every page loads before it can make a product call.
setRequestContextProvider(() => ({ token: readSessionToken(), organizationId: readOrganizationId() }));

/** Better Auth's session endpoint (mounted at /api/auth on the server). */
const sessionPath = "/api/auth/get-session";

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
  // The request Better Auth's client sends for authClient.getSession(), without loading that client
  // (≈ 12 KB gzipped) on every first page: the stored bearer token, cookies as well (a social
  // sign-in's handshake), and any renewed token the answer carries kept in its place.
  const token = readSessionToken();
  const embedded = fresh
    ? null
    : takeFirstAnswer({ method: "GET", path: sessionPath, body: null, token, organizationId: null });
  if (embedded) return sessionOf(embedded.payload);
  const response = await fetch(fresh ? `${sessionPath}?disableCookieCache=true` : sessionPath, {
    method: "GET",
    credentials: "include",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  const body: unknown = text ? parseJson(text) : null;
  if (!response.ok) {
    // 401 means "no valid session": that is an answer (signed out), not a failure.
    if (response.status === 401) return null;
    const message = isRecord(body) && typeof body.message === "string" ? body.message : undefined;
    throw new Error(message ?? "Could not load your session.");
  }
  const renewed = response.headers.get("set-auth-token");
  if (renewed) storeSessionToken(renewed);
  return sessionOf(body);
}

/** Better Auth's answer as the session the app keeps, or null when it names none. */
function sessionOf(body: unknown): Session {
  if (!isRecord(body) || !isRecord(body.user) || !isRecord(body.session)) return null;
  return { user: body.user as SessionUser, token: String(body.session.token) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
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
