import { queryOptions, useQuery } from "@tanstack/react-query";
import { childLimitEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import type { ChildLimit } from "../lib/child-limit";

/** Under the family's key: anything that refreshes the family refreshes its limit too. */
export const childLimitQueryKey = (familyId: string) => ["family", familyId, "child-limit"] as const;

/**
 * How many children the family may have, by the plans (and Extra children) of the parent and the
 * family's owners, and whether this parent may buy an Extra child now.
 */
export function getChildLimit(familyId: string): Promise<ChildLimit> {
  return callApi(childLimitEndpoint, {}, { organizationId: familyId });
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
