import { queryOptions, useQuery } from "@tanstack/react-query";
import { authErrorCodes, getUserEndpoint, listFamiliesEndpoint, type UserRecord } from "@wonderkin/contract";
import { ApiError, callApi } from "@/lib/api-client";
import { chooseFamilyId } from "./choose-family";
import { readOrganizationId, storeOrganizationId } from "./session-storage";

/** The families of the signed-in parent, or undefined when they could not be read. */
async function readFamilyIds(): Promise<{ id: string }[] | undefined> {
  try {
    return (await callApi(listFamiliesEndpoint, {})).families;
  } catch {
    return undefined;
  }
}

/**
 * The server's record of the signed-in parent (spec §3, getUser of §7). It settles which family
 * every product request acts for (spec §6): the one chosen in this browser while the parent still
 * belongs to it, otherwise the record's default organization.
 */
export async function getUser(): Promise<UserRecord> {
  const user = await callApi(getUserEndpoint, {});
  const stored = readOrganizationId();
  const defaultId = user.defaultOrganizationId;
  // Only a family other than the default needs checking; the default is the server's own answer.
  const families = stored && stored !== defaultId ? await readFamilyIds() : undefined;
  storeOrganizationId(chooseFamilyId({ stored, defaultId, families }));
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
