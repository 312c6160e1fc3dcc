import { useMutation, useQueryClient } from "@tanstack/react-query";
import { familySpendingQueryKey } from "@/entities/billing/family-spending";

/** The owner shares the family plan's credits with its members, or stops (decision 0050). */
export function useShareFamilyCredits(userId: string, familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (membersMaySpend: boolean) =>
      (await import("@/entities/billing/family-spending-api")).updateFamilySpending(
        familyId,
        membersMaySpend,
      ),
    onSuccess: (spending) => queryClient.setQueryData(familySpendingQueryKey(userId, familyId), spending),
  });
}
