import type { SubscriptionSummary } from "@wonderkin/contract";
import type { GuardState } from "./guard";

/**
 * The subscription as the route guard sees it, from the active-subscription query. Only a verified
 * parent can have one (the /kids pages need a verified e-mail, and the query runs only for them):
 * for anyone else it is `unavailable`, which no rule waits for. A plan read once stays in use while
 * it is read again, even if that fails; a first read that failed lets the page render its own error.
 */
export function subscriptionGuardState(query: {
  verified: boolean;
  data: SubscriptionSummary | null | undefined;
  isPending: boolean;
}): GuardState["subscription"] {
  if (!query.verified) return { status: "unavailable" };
  if (query.data !== undefined) return { status: "loaded", subscription: query.data };
  if (query.isPending) return { status: "loading" };
  return { status: "unavailable" };
}

/** Back from a checkout (`?success` on a /kids page): the plan may still be on its way. */
export function isBackFromCheckout(location: { pathname: string; search: string }): boolean {
  return location.pathname.startsWith("/kids/") && new URLSearchParams(location.search).has("success");
}
