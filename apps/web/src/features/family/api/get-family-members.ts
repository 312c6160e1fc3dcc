import { queryOptions, useQuery } from "@tanstack/react-query";
import { getMembersEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";

/** Everything about one family lives under ["family", id]: switching families changes the key. */
export const familyQueryKey = (familyId: string) => ["family", familyId] as const;
export const familyMembersQueryKey = (familyId: string) => [...familyQueryKey(familyId), "members"] as const;

/** The family, your role in it, its members and (for those who manage) pending invitations. */
export function getFamilyMembers(familyId: string) {
  return callApi(getMembersEndpoint, {}, { organizationId: familyId });
}

export function getFamilyMembersQueryOptions(familyId: string | null) {
  return queryOptions({
    queryKey: familyMembersQueryKey(familyId ?? "none"),
    queryFn: () => getFamilyMembers(familyId ?? ""),
    enabled: Boolean(familyId),
    // The family picture comes as a short-lived signed address: a fresh one before it expires.
    refetchInterval: (query) => refetchBeforeMediaExpires(query.state.data),
  });
}

export function useFamilyMembers(familyId: string | null) {
  return useQuery(getFamilyMembersQueryOptions(familyId));
}
