import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { FamilySpending } from "@wonderkin/contract";
import { billingQueryKey } from "./billing-queries";

/**
 * Who pays when the parent creates in a family, and whether the family has a plan (decision 0050).
 * Kept under the parent's billing key, so a purchase or a cancellation reads it again; the family's
 * id is part of the key, so switching family reads the other family's.
 */
export const familySpendingQueryKey = (userId: string, familyId: string) =>
  [...billingQueryKey(userId), "family-spending", familyId] as const;

export function getFamilySpendingQueryOptions(userId: string | undefined, familyId: string | null) {
  return queryOptions({
    queryKey: familySpendingQueryKey(userId ?? "signed-out", familyId ?? "none"),
    queryFn: async () => (await import("./family-spending-api")).fetchFamilySpending(familyId ?? ""),
    enabled: Boolean(userId && familyId),
  });
}

export function useFamilySpending(userId: string | undefined, familyId: string | null) {
  return useQuery(getFamilySpendingQueryOptions(userId, familyId));
}

/** A balance the server answered after the family's shared credits paid: shown at once. */
export function storeFamilyCredits(
  queryClient: QueryClient,
  key: { userId: string; familyId: string },
  credits: number,
): void {
  queryClient.setQueryData<FamilySpending>(familySpendingQueryKey(key.userId, key.familyId), (spending) =>
    spending ? { ...spending, credits } : spending,
  );
}
