import { queryOptions, useQuery } from "@tanstack/react-query";
import { addOnsEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { billingQueryKey } from "./billing-queries";

/** The Magician add-ons (decision 0033): under the parent's billing key, refreshed after a purchase. */
export const addOnsQueryKey = (userId: string) => [...billingQueryKey(userId), "add-ons"] as const;

export function fetchAddOns() {
  return callApi(addOnsEndpoint, {});
}

/**
 * Which add-ons the parent may buy, and what is left of the ones bought (video clips, ready-to-print
 * files) with the plan's own prints this month. Read by the subscription page and the studio viewer.
 */
export function getAddOnsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: addOnsQueryKey(userId ?? "signed-out"),
    queryFn: fetchAddOns,
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}

export function useAddOns(userId: string | undefined) {
  return useQuery(getAddOnsQueryOptions(userId));
}
