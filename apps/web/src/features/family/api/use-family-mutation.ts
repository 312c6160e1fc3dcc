import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { familyQueryKey } from "./get-family-members";

/** After a change to a family: its members and the families list (names, counts, roles) are read again. */
export function refreshFamily(queryClient: QueryClient, familyId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: familyQueryKey(familyId) }),
    queryClient.invalidateQueries({ queryKey: ["families"] }),
  ]);
}

/**
 * A mutation that acts for one family (named explicitly, so a switch in another tab mid-action
 * cannot redirect it) and refreshes that family's data when it succeeds.
 */
export function useFamilyMutation<Input, Output>(
  familyId: string,
  mutationFn: (input: Input, familyId: string) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => mutationFn(input, familyId),
    // Not awaited: the refreshed list may no longer hold the row that started the mutation (a
    // removed member, a revoked invitation), and the caller's own onSuccess (its toast) only runs
    // while that row is still mounted.
    onSuccess: () => {
      void refreshFamily(queryClient, familyId);
    },
  });
}
