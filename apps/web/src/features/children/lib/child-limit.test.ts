import { type Plan, plans } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { childLimitReached, childrenCount } from "./child-limit";

const withChildren = (plan: Plan, childrenAllowed: number): Plan => ({
  ...plan,
  addOns: plan.addOns.filter((addOn) => addOn.unit !== "child"),
  entitlements: { ...plan.entitlements, childrenAllowed },
});
const oracle = plans.find((plan) => plan.key === "oracle");

describe("childLimitReached", () => {
  it("is null while the family has room", () => {
    const limit = { childrenAllowed: 1, canBuyExtraChild: false };
    expect(childLimitReached({ limit, childCount: 0, plans })).toBeNull();
    expect(childLimitReached({ limit: { ...limit, childrenAllowed: 3 }, childCount: 2, plans })).toBeNull();
  });

  it("offers the Extra child to a parent whose plan sells it", () => {
    const reached = childLimitReached({
      limit: { childrenAllowed: 2, canBuyExtraChild: true },
      childCount: 2,
      plans,
    });
    expect(reached?.extraChild).toMatchObject({ id: "extra-child", price: 9.99, unit: "child" });
    expect(reached?.upgradeTo).toBeNull();
  });

  it("names Oracle, which sells the Extra child, to a parent on another plan", () => {
    expect(plans.every((plan) => plan.entitlements.childrenAllowed === 1)).toBe(true);
    expect(
      childLimitReached({ limit: { childrenAllowed: 1, canBuyExtraChild: false }, childCount: 1, plans }),
    ).toEqual({ childrenAllowed: 1, extraChild: null, upgradeTo: oracle });
  });

  it("names the first plan that allows more children, and none when none does", () => {
    const [first, second, third] = plans;
    if (!first || !second || !third) throw new Error("three plans expected");
    const limit = (childrenAllowed: number) => ({ childrenAllowed, canBuyExtraChild: false });
    const catalogue = [first, withChildren(second, 2), withChildren(third, 4)];
    expect(childLimitReached({ limit: limit(1), childCount: 1, plans: catalogue })?.upgradeTo?.name).toBe(
      second.name,
    );
    expect(childLimitReached({ limit: limit(2), childCount: 2, plans: catalogue })?.upgradeTo?.name).toBe(
      third.name,
    );
    expect(childLimitReached({ limit: limit(4), childCount: 5, plans: catalogue })?.upgradeTo).toBeNull();
  });
});

describe("childrenCount", () => {
  it("reads as words a parent would use", () => {
    expect(childrenCount(1)).toBe("one child");
    expect(childrenCount(2)).toBe("2 children");
  });
});
