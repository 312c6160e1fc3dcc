import { queryOptions, useQuery } from "@tanstack/react-query";
import { authErrorCodes, getUserEndpoint, type UserRecord } from "@wonderkin/contract";
import { ApiError, callApi } from "@/lib/api-client";
import { storeOrganizationId } from "./session-storage";

/**
 * The server's record of the signed-in parent (spec §3, getUser of §7). Its default organization is
 * remembered, so every product request from now on carries the family's id (spec §6).
 */
export async function getUser(): Promise<UserRecord> {
  const user = await callApi(getUserEndpoint, {});
  storeOrganizationId(user.defaultOrganizationId);
  return user;
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
  });
}

export function useUser(userId: string | undefined) {
  return useQuery(getUserQueryOptions(userId));
}
