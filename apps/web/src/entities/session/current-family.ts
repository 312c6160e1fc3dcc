import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FamilySummary } from "@wonderkin/contract";
import { useCallback, useSyncExternalStore } from "react";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";
import { useSession } from "./get-session";
import { useUser } from "./get-user";
import { readOrganizationId, storeOrganizationId, subscribeToOrganizationId } from "./session-storage";

export const familiesQueryKey = (userId: string) => ["families", userId] as const;

/** The families the signed-in parent belongs to, in joining order (needs no family header). */
export function getFamiliesQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: familiesQueryKey(userId ?? "signed-out"),
    queryFn: async () => (await import("./session-api")).listFamilies(),
    enabled: Boolean(userId),
    // Family pictures come as short-lived signed addresses: fresh ones before they expire.
    refetchInterval: (query) => refetchBeforeMediaExpires(query.state.data),
  });
}

/** The id of the family every product request acts for, re-rendering when it changes (any tab). */
export function useCurrentFamilyId(): string | null {
  // On the server (a signed-in page's copy, decision 0066) the render's storage holds the family.
  return useSyncExternalStore(subscribeToOrganizationId, readOrganizationId, readOrganizationId);
}

/**
 * Queries about who is signed in rather than about a family (plans and credits are the parent's
 * own): kept when the family changes.
 */
const sessionScopedQueries = new Set(["session", "user", "billing"]);

/** Reads everything that belongs to a family again (after a switch, a join, a leave). */
export function refreshFamilyData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => !sessionScopedQueries.has(String(query.queryKey[0])),
  });
}

/** Acts for another family from now on: stores its id and refreshes every family-scoped query. */
export function switchFamily(queryClient: QueryClient, familyId: string): Promise<void> {
  storeOrganizationId(familyId);
  return refreshFamilyData(queryClient);
}

/**
 * The families list, the family the app acts for, and the way to switch. `current` is null while
 * the list loads (or, briefly, while a lost family is replaced by the default one).
 */
export function useCurrentFamily() {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.data?.user.id;
  // getUser settles the current family first, so the list is read once that is known.
  const user = useUser(userId);
  const currentId = useCurrentFamilyId();
  const families = useQuery({
    ...getFamiliesQueryOptions(userId),
    enabled: Boolean(userId && user.isSuccess),
  });
  const list: FamilySummary[] = families.data ?? [];
  const current = list.find((family) => family.id === currentId) ?? null;
  const switchTo = useCallback((familyId: string) => switchFamily(queryClient, familyId), [queryClient]);
  return {
    families: list,
    current,
    currentId,
    isPending: families.isPending,
    isError: families.isError,
    error: families.error,
    refetch: families.refetch,
    switchFamily: switchTo,
  };
}
