import { queryOptions, useQuery } from "@tanstack/react-query";
import { billingHistoryEndpoint } from "@wonderkin/contract";
import { billingQueryKey } from "@/entities/billing/billing-queries";
import { callApi } from "@/lib/api-client";

/** Every payment and credit movement of the parent, newest first. */
export function getBillingHistoryQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: [...billingQueryKey(userId ?? "signed-out"), "history"],
    queryFn: async () => (await callApi(billingHistoryEndpoint, {})).entries,
    enabled: Boolean(userId),
  });
}

export function useBillingHistory(userId: string | undefined) {
  return useQuery(getBillingHistoryQueryOptions(userId));
}
