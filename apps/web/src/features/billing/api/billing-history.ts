import { queryOptions, useQuery } from "@tanstack/react-query";
import { billingHistoryEndpoint } from "@wonderkin/contract";
import { billingQueryKey } from "@/entities/billing/billing-queries";
import { callApi } from "@/lib/api-client";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";

/**
 * Every payment and credit movement of the parent, newest first. Invoice links are signed and
 * short-lived: read again before they run out, so an open page never offers a dead link.
 */
export function getBillingHistoryQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: [...billingQueryKey(userId ?? "signed-out"), "history"],
    queryFn: async () => (await callApi(billingHistoryEndpoint, {})).entries,
    enabled: Boolean(userId),
    refetchInterval: (query) => refetchBeforeMediaExpires(query.state.data),
  });
}

export function useBillingHistory(userId: string | undefined) {
  return useQuery(getBillingHistoryQueryOptions(userId));
}
