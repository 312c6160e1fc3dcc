import type { Plan } from "@wonderkin/contract";

export type ChildLimitReached = {
  childrenAllowed: number;
  /** The first plan that allows more children than the family has room for, if any does yet. */
  upgradeTo: Plan | null;
};

/** "one child", "2 children". */
export function childrenCount(count: number): string {
  return count === 1 ? "one child" : `${count} children`;
}

/**
 * Whether the family already has as many children as its plan allows, and which plan would allow
 * more: the add-child page says so before the form, not after it is sent.
 */
export function childLimitReached(options: {
  childrenAllowed: number;
  childCount: number;
  plans: readonly Plan[];
}): ChildLimitReached | null {
  if (options.childCount < options.childrenAllowed) return null;
  const upgradeTo =
    options.plans.find((plan) => plan.entitlements.childrenAllowed > options.childrenAllowed) ?? null;
  return { childrenAllowed: options.childrenAllowed, upgradeTo };
}
