import { queryOptions, useQuery } from "@tanstack/react-query";
import { childLimitEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/** Under the family's key: anything that refreshes the family refreshes its limit too. */
export const childLimitQueryKey = (familyId: string) => ["family", familyId, "child-limit"] as const;

/** How many children the family may have, by the plans of the parent and the family's owners. */
export async function getChildLimit(familyId: string): Promise<number> {
  return (await callApi(childLimitEndpoint, {}, { organizationId: familyId })).childrenAllowed;
}

export function getChildLimitQueryOptions(familyId: string) {
  return queryOptions({
    queryKey: childLimitQueryKey(familyId),
    queryFn: () => getChildLimit(familyId),
    // Read afresh each time the page opens: the parent may have just changed plan.
    staleTime: 0,
  });
}

export function useChildLimit(familyId: string) {
  return useQuery(getChildLimitQueryOptions(familyId));
}
