import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Child } from "@wonderkin/contract";

/**
 * The children of one family, under the family's key (["family", id, …]): switching families reads
 * another list, and anything that refreshes a family refreshes its children too. Shared by the route
 * guard (spec §2), the children pages and the family page.
 */
export const childrenQueryKey = (familyId: string) => ["family", familyId, "children"] as const;

export async function getChildren(familyId: string): Promise<Child[]> {
  // The call and its schemas load on first use, not with the first page (see children-api.ts).
  return (await import("./children-api")).fetchChildren(familyId);
}

/** While a model trains, its status is read again this often (the page says it updates by itself). */
export const TRAINING_POLL_MS = 10_000;

export function getChildrenQueryOptions(
  familyId: string | null,
  options: { pollWhileTraining?: boolean } = {},
) {
  return queryOptions({
    queryKey: childrenQueryKey(familyId ?? "none"),
    queryFn: () => getChildren(familyId ?? ""),
    enabled: Boolean(familyId),
    refetchInterval: options.pollWhileTraining
      ? (query) =>
          query.state.data?.some((child) => child.trainingStatus === "started") ? TRAINING_POLL_MS : false
      : false,
  });
}

export function useChildren(familyId: string | null, options: { pollWhileTraining?: boolean } = {}) {
  return useQuery(getChildrenQueryOptions(familyId, options));
}
