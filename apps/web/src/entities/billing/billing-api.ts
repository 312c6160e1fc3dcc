import { activeSubscriptionEndpoint, userCreditsEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/** Billing's calls, loaded on first use by billing-queries.ts (their zod schemas with them). */
export function fetchActiveSubscription() {
  return callApi(activeSubscriptionEndpoint, {});
}

export function fetchCredits() {
  return callApi(userCreditsEndpoint, {});
}
