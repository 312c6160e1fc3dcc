import { type Plan, plans } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { childLimitReached, childrenCount } from "./child-limit";

const withChildren = (plan: Plan, childrenAllowed: number): Plan => ({
  ...plan,
  entitlements: { ...plan.entitlements, childrenAllowed },
});

describe("childLimitReached", () => {
  it("is null while the family has room", () => {
    expect(childLimitReached({ childrenAllowed: 1, childCount: 0, plans })).toBeNull();
    expect(childLimitReached({ childrenAllowed: 3, childCount: 2, plans })).toBeNull();
  });

  it("says the family is full, with no plan to upgrade to while every plan allows one child", () => {
    expect(plans.every((plan) => plan.entitlements.childrenAllowed === 1)).toBe(true);
    expect(childLimitReached({ childrenAllowed: 1, childCount: 1, plans })).toEqual({
      childrenAllowed: 1,
      upgradeTo: null,
    });
  });

  it("names the first plan that allows more children", () => {
    const [first, second, third] = plans;
    if (!first || !second || !third) throw new Error("three plans expected");
    const catalogue = [first, withChildren(second, 2), withChildren(third, 4)];
    expect(childLimitReached({ childrenAllowed: 1, childCount: 1, plans: catalogue })?.upgradeTo?.name).toBe(
      second.name,
    );
    expect(childLimitReached({ childrenAllowed: 2, childCount: 2, plans: catalogue })?.upgradeTo?.name).toBe(
      third.name,
    );
    expect(childLimitReached({ childrenAllowed: 4, childCount: 5, plans: catalogue })?.upgradeTo).toBeNull();
  });
});

describe("childrenCount", () => {
  it("reads as words a parent would use", () => {
    expect(childrenCount(1)).toBe("one child");
    expect(childrenCount(2)).toBe("2 children");
  });
});
