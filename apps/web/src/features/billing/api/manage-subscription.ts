import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cancelSubscriptionEndpoint, markDiscountEndpoint, type Subscription } from "@wonderkin/contract";
import { activeSubscriptionQueryKey, billingQueryKey } from "@/entities/billing/billing-queries";
import { callApi } from "@/lib/api-client";

/** The plan as the server now has it goes straight into the cache; the rest is read again. */
function useSubscriptionMutation<Input>(userId: string, mutationFn: (input: Input) => Promise<Subscription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (subscription) => {
      queryClient.setQueryData(activeSubscriptionQueryKey(userId), subscription);
      void queryClient.invalidateQueries({
        queryKey: billingQueryKey(userId),
        predicate: (query) => query.queryKey[2] !== "subscription",
      });
    },
  });
}

/** Cancels at the end of the paid period: the plan keeps working until then and does not renew. */
export function useCancelSubscription(userId: string) {
  return useSubscriptionMutation(userId, () => callApi(cancelSubscriptionEndpoint, {}));
}

/** The retention offer: record that it was shown, or that it was taken (which keeps the plan). */
export function useMarkDiscount(userId: string) {
  return useSubscriptionMutation(userId, (action: "shown" | "accepted") =>
    callApi(markDiscountEndpoint, { action }),
  );
}
