import { findPlanVariant, type Plan, type PlanEntitlements, type Subscription } from "@wonderkin/contract";
import { useSession } from "@/entities/session/get-session";
import { useActiveSubscription } from "./billing-queries";

/** What the parent's plan unlocks (categories, watermark, prints), or null without an active plan. */
export function planFor(subscription: Subscription | null | undefined): Plan | null {
  if (!subscription?.isActive) return null;
  return findPlanVariant(subscription.planId)?.plan ?? null;
}

export function useParentPlan(): {
  plan: Plan | null;
  entitlements: PlanEntitlements | null;
  isPending: boolean;
} {
  const session = useSession();
  const subscription = useActiveSubscription(session.data?.user.id);
  const plan = planFor(subscription.data);
  return { plan, entitlements: plan?.entitlements ?? null, isPending: subscription.isPending };
}
