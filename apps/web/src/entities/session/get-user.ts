import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UserRecord } from "@wonderkin/contract";
import { authErrorCodes } from "@wonderkin/contract/rules";
import { ApiError } from "@/lib/api-error";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";

/**
 * The server's record of the signed-in parent (spec §3, getUser of §7). It settles which family
 * every product request acts for (spec §6): the one chosen in this browser while the parent still
 * belongs to it, otherwise the record's default organization.
 */
export async function getUser(): Promise<UserRecord> {
  // The call and its schemas load with it, not with the first page (see session-api.ts).
  return (await import("./session-api")).fetchUser();
}

/** Spec §4: a session without a server user record is an error ('User not found in DB'). */
export function isUserMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.code === authErrorCodes.userNotFound;
}

export const userQueryKey = (userId: string) => ["user", userId] as const;

export function getUserQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: userQueryKey(userId ?? "signed-out"),
    queryFn: getUser,
    enabled: Boolean(userId),
    staleTime: 60_000,
    // The parent's uploaded picture comes as a short-lived signed address: a fresh one before it expires.
    refetchInterval: (query) => refetchBeforeMediaExpires(query.state.data),
  });
}

export function useUser(userId: string | undefined) {
  return useQuery(getUserQueryOptions(userId));
}
