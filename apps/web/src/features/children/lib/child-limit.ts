import type { Plan, PlanAddOn } from "@wonderkin/contract";

/** What the server says of the family's room for children (POST /api/children/limit). */
export type ChildLimit = { childrenAllowed: number; canBuyExtraChild: boolean };

export type ChildLimitReached = {
  childrenAllowed: number;
  /** The Extra child add-on, when the parent's own plan sells it now (Oracle, decision 0051). */
  extraChild: PlanAddOn | null;
  /** Otherwise, the first plan that makes room for more children (more included, or the Extra child). */
  upgradeTo: Plan | null;
};

/** "one child", "2 children". */
export function childrenCount(count: number): string {
  return count === 1 ? "one child" : `${count} children`;
}

const sellsExtraChild = (plan: Plan) => plan.addOns.some((addOn) => addOn.unit === "child");

/**
 * Whether the family already has as many children as its plan allows, and the way to more: the
 * Extra child when the parent can buy it now, else the plan that would make room. The add-child page
 * says so before the form, not after it is sent.
 */
export function childLimitReached(options: {
  limit: ChildLimit;
  childCount: number;
  plans: readonly Plan[];
}): ChildLimitReached | null {
  const { limit, childCount, plans } = options;
  if (childCount < limit.childrenAllowed) return null;
  const extraChild = limit.canBuyExtraChild
    ? (plans.flatMap((plan) => plan.addOns).find((addOn) => addOn.unit === "child") ?? null)
    : null;
  const upgradeTo = extraChild
    ? null
    : (plans.find(
        (plan) => plan.entitlements.childrenAllowed > limit.childrenAllowed || sellsExtraChild(plan),
      ) ?? null);
  return { childrenAllowed: limit.childrenAllowed, extraChild, upgradeTo };
}
