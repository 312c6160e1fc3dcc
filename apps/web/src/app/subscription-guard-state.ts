import type { FamilySpending, SubscriptionSummary } from "@wonderkin/contract";
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

/**
 * The family's plan as the guard sees it (decision 0050), from the family-spending query: asked only
 * for a verified parent acting for a family; a read that failed lets the page render its own error,
 * and the parent's own plan still decides as spec §2 says.
 */
export function familyPlanGuardState(query: {
  asked: boolean;
  data: FamilySpending | undefined;
  isPending: boolean;
}): NonNullable<GuardState["familyPlan"]> {
  if (!query.asked) return { status: "loaded", active: false, heldByYou: false };
  if (query.data)
    return { status: "loaded", active: query.data.familyPlan.active, heldByYou: query.data.heldByYou };
  if (query.isPending) return { status: "loading" };
  return { status: "unavailable" };
}
