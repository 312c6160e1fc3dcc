import type { BillingCycle, Plan, PlanVariant } from "@wonderkin/contract";

/** The switch on the plans page: monthly or yearly. One-time plans are the same either way. */
export type RecurringCycle = Extract<BillingCycle, "monthly" | "yearly">;

/** The variant shown for a cycle: the plan's own for that cycle, else its one-time price. */
export function variantFor(plan: Plan, cycle: RecurringCycle): PlanVariant | null {
  return (
    plan.variants.find((variant) => variant.billingCycle === cycle) ??
    plan.variants.find((variant) => variant.billingCycle === "one-time") ??
    null
  );
}

/**
 * What paying yearly saves against twelve monthly payments, as a whole percentage rounded down
 * (never promise more than it is); null when the plan has not both.
 */
export function yearlySavingPercent(plan: Plan): number | null {
  const monthly = plan.variants.find((variant) => variant.billingCycle === "monthly");
  const yearly = plan.variants.find((variant) => variant.billingCycle === "yearly");
  if (!monthly || !yearly) return null;
  const saving = 1 - yearly.price / (monthly.price * 12);
  return saving > 0 ? Math.floor(saving * 100) : null;
}

/** The largest yearly saving among the plans, for the hint beside the switch. */
export function bestYearlySaving(plans: readonly Plan[]): number | null {
  const savings = plans.map(yearlySavingPercent).filter((saving): saving is number => saving !== null);
  return savings.length > 0 ? Math.max(...savings) : null;
}

/** A yearly price spread over its months, rounded down to the cent. */
export function monthlyEquivalent(yearlyPrice: number): number {
  return Math.floor((yearlyPrice / 12) * 100) / 100;
}

/** The words under a price: "/month", "/year", "once". */
export const cycleSuffix: Record<BillingCycle, string> = {
  "one-time": "once",
  monthly: "/month",
  yearly: "/year",
};

export const cycleLabels: Record<BillingCycle, string> = {
  "one-time": "One-time",
  monthly: "Monthly",
  yearly: "Yearly",
};
