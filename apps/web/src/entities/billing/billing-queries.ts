import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserRecord } from "@wonderkin/contract";
import { userQueryKey } from "@/entities/session/get-user";

// The calls themselves (billing-api.ts) load on first use: the guard imports this module on every
// page, and a signed-out visitor's first page does without their zod schemas.

/**
 * Plans, credits and payments belong to the parent, not to a family: everything about them lives
 * under ["billing", userId], kept when the family changes and refreshed together after a purchase.
 */
export const billingQueryKey = (userId: string) => ["billing", userId] as const;
export const activeSubscriptionQueryKey = (userId: string) =>
  [...billingQueryKey(userId), "subscription"] as const;
export const creditsQueryKey = (userId: string) => [...billingQueryKey(userId), "credits"] as const;

/** While a payment is being confirmed (back from the provider's page), the plan is read this often. */
export const CONFIRMING_POLL_MS = 3_000;

/**
 * The parent's current plan, or null (getActiveSubscription of spec §7). Shared by the route guard
 * (spec §2's subscription rules) and the billing pages. `pollUntilActive` reads it again every few
 * seconds until it is active: a payment provider's confirmation can arrive after the parent does.
 */
export function getActiveSubscriptionQueryOptions(
  userId: string | undefined,
  options: { pollUntilActive?: boolean } = {},
) {
  return queryOptions({
    queryKey: activeSubscriptionQueryKey(userId ?? "signed-out"),
    queryFn: async () => (await import("./billing-api")).fetchActiveSubscription(),
    enabled: Boolean(userId),
    refetchInterval: options.pollUntilActive
      ? (query) => (query.state.data?.isActive ? false : CONFIRMING_POLL_MS)
      : false,
  });
}

export function useActiveSubscription(
  userId: string | undefined,
  options: { pollUntilActive?: boolean } = {},
) {
  return useQuery(getActiveSubscriptionQueryOptions(userId, options));
}

/** Copies a fresh balance into the user record, which the header and the route guard read. */
export function storeCredits(queryClient: QueryClient, userId: string, totalCredits: number): void {
  queryClient.setQueryData<UserRecord>(userQueryKey(userId), (user) =>
    user && user.totalCredits !== totalCredits ? { ...user, totalCredits } : user,
  );
}

/**
 * The balance read from the database (getUserCredits of spec §7), always fresh on the pages that show
 * it prominently; the user record is kept in step so every other place shows the same number.
 */
export function getCreditsQueryOptions(queryClient: QueryClient, userId: string | undefined) {
  return queryOptions({
    queryKey: creditsQueryKey(userId ?? "signed-out"),
    queryFn: async () => {
      const { totalCredits } = await (await import("./billing-api")).fetchCredits();
      if (userId) storeCredits(queryClient, userId, totalCredits);
      return totalCredits;
    },
    enabled: Boolean(userId),
    // Read again whenever shown, except within 5 s of an answer: the studio's route loader asks this
    // just before the studio is first drawn (issue 32), which must not ask it again as it appears.
    staleTime: 5_000,
  });
}

export function useCredits(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery(getCreditsQueryOptions(queryClient, userId));
}

/**
 * After a purchase, a cancellation or any change to the plan: the plan, balance and history are read
 * again, with the user record the header and guard use. Settles once the ones on screen are fresh
 * (the route guard always watches the plan), so the next page is decided on the new state.
 */
export async function refreshBilling(queryClient: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
  ]);
}
