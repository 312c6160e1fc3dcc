import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  cancelCheckoutEndpoint,
  completeCheckoutEndpoint,
  createCheckoutSessionEndpoint,
  type EndpointRequest,
  getCheckoutEndpoint,
} from "@wonderkin/contract";
import { billingQueryKey, refreshBilling, storeCredits } from "@/entities/billing/billing-queries";
import { type CheckoutDestination, checkoutDestination } from "@/entities/billing/checkout-destination";
import { ApiError, callApi } from "@/lib/api-client";

export type CheckoutItem = EndpointRequest<typeof createCheckoutSessionEndpoint>;

/** Starts buying a plan or a top-up; the answer says where the parent pays. */
export async function createCheckout(item: CheckoutItem): Promise<CheckoutDestination> {
  const { url } = await callApi(createCheckoutSessionEndpoint, item);
  const destination = checkoutDestination(url);
  if (!destination) {
    throw new ApiError(200, "UNEXPECTED_RESPONSE", "The server named a payment page we cannot open.");
  }
  return destination;
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}

export const checkoutQueryKey = (userId: string, sessionId: string) =>
  [...billingQueryKey(userId), "checkout", sessionId] as const;

/** The order behind a checkout: what it is, what it costs and grants, and whether it is still open. */
export function getCheckoutQueryOptions(userId: string | undefined, sessionId: string) {
  return queryOptions({
    queryKey: checkoutQueryKey(userId ?? "signed-out", sessionId),
    queryFn: () => callApi(getCheckoutEndpoint, { sessionId }),
    enabled: Boolean(userId && sessionId),
  });
}

export function useCheckout(userId: string | undefined, sessionId: string) {
  return useQuery(getCheckoutQueryOptions(userId, sessionId));
}

/**
 * Pays a built-in checkout. The new balance is stored at once, and the plan, user record and history
 * are read again before the mutation settles, so the page it leads to is decided on the new state.
 */
export function useCompleteCheckout(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callApi(completeCheckoutEndpoint, { sessionId }),
    onSuccess: async ({ totalCredits }) => {
      storeCredits(queryClient, userId, totalCredits);
      await refreshBilling(queryClient, userId);
    },
  });
}

/** Leaves a checkout without paying. */
export function useCancelCheckout(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callApi(cancelCheckoutEndpoint, { sessionId }),
    onSuccess: (_answer, sessionId) => {
      void queryClient.invalidateQueries({ queryKey: checkoutQueryKey(userId, sessionId) });
    },
  });
}
