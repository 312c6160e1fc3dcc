import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type BillingDetails, editBillingDetailsEndpoint } from "@wonderkin/contract";
import { billingQueryKey } from "@/entities/billing/billing-queries";
import { callApi } from "@/lib/api-client";

const billingDetailsQueryKey = (userId: string) => [...billingQueryKey(userId), "details"] as const;

/** The name and address printed on invoices, or null before the parent gives them. */
export function getBillingDetailsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: billingDetailsQueryKey(userId ?? "signed-out"),
    queryFn: () => callApi(editBillingDetailsEndpoint, {}),
    enabled: Boolean(userId),
  });
}

export function useBillingDetails(userId: string | undefined) {
  return useQuery(getBillingDetailsQueryOptions(userId));
}

export function useSaveBillingDetails(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: BillingDetails) => callApi(editBillingDetailsEndpoint, { details }),
    onSuccess: (saved) => queryClient.setQueryData(billingDetailsQueryKey(userId), saved),
  });
}
