import { describe, expect, it } from "vitest";
import { findAddOn, findPlanVariant, planSchema, plans, topUpPacks } from "./plans";

describe("the plans of spec §9", () => {
  it("have the spec's plan ids, billing cycles and images", () => {
    const variants = plans.flatMap((plan) =>
      plan.variants.map((variant) => [
        plan.name,
        variant.planId,
        variant.billingCycle,
        variant.creditsPerGrant,
      ]),
    );
    expect(variants).toEqual([
      ["Alchemist", 5, "one-time", 50],
      ["Magician", 1, "monthly", 100],
      ["Magician", 2, "yearly", 100],
      ["Oracle", 3, "monthly", 200],
      ["Oracle", 4, "yearly", 200],
    ]);
    for (const plan of plans) expect(planSchema.parse(plan)).toEqual(plan);
  });

  it("mark Magician popular, its add-ons at price 2, and Oracle's videos as sold", () => {
    const [alchemist, magician, oracle] = plans;
    expect(plans.filter((plan) => plan.isPopular).map((plan) => plan.name)).toEqual(["Magician"]);
    expect(magician?.addOns.map(({ value, price }) => ({ value, price }))).toEqual([
      { value: "Create video", price: 2 },
      { value: "Ready to print", price: 2 },
      { value: "Storybook", price: 9.99 },
    ]);
    expect(magician?.addOns.map(({ id, unit, units }) => ({ id, unit, units }))).toEqual([
      { id: "create-video", unit: "video", units: 5 },
      { id: "ready-to-print", unit: "print", units: 10 },
      { id: "storybook", unit: "book", units: 1 },
    ]);
    expect(findAddOn("ready-to-print")?.plan.key).toBe("magician");
    expect(findAddOn("top-up-20")).toBeNull();
    // Oracle sells the clips Magician sells, and says so rather than "coming soon" (decision 0056).
    expect(
      oracle?.features.filter((feature) => feature.comingSoon).map((feature) => feature.value),
    ).not.toContain("5 turn into videos");
    expect(oracle?.addOns.find((addOn) => addOn.unit === "video")).toEqual(
      magician?.addOns.find((addOn) => addOn.unit === "video"),
    );
    expect(findAddOn("create-video")?.plan.key).toBe("magician");
    // Oracle's Extra child ships as its add-on (decision 0051): one more child per purchase.
    expect(oracle?.features.find((feature) => feature.value === "Extra child")?.comingSoon).toBeUndefined();
    expect(oracle?.addOns.find((addOn) => addOn.unit === "child")).toMatchObject({
      id: "extra-child",
      units: 1,
      price: 9.99,
    });
    expect(findAddOn("extra-child")?.plan.key).toBe("oracle");
    expect(plans.every((plan) => plan.entitlements.childrenAllowed === 1)).toBe(true);
    expect(alchemist?.entitlements).toMatchObject({ categories: "core", watermark: true });
    // Storybooks (decision 0067): Oracle makes one a month; Magician and Oracle sell more; Alchemist neither.
    expect(oracle?.addOns.find((addOn) => addOn.unit === "book")).toEqual(
      magician?.addOns.find((addOn) => addOn.unit === "book"),
    );
    expect(plans.map((plan) => plan.entitlements.storybooksPerMonth)).toEqual([0, 0, 1]);
    expect(alchemist?.addOns).toEqual([]);
    expect(oracle?.entitlements).toMatchObject({
      categories: "all",
      readyToPrintPerMonth: 10,
      faceUpdatesPerYear: 2,
    });
  });

  it("finds a plan by any of its ids, and nothing for others", () => {
    expect(findPlanVariant(2)?.plan.name).toBe("Magician");
    expect(findPlanVariant(2)?.variant.billingCycle).toBe("yearly");
    expect(findPlanVariant(6)).toBeNull();
    expect(new Set(topUpPacks.map((pack) => pack.id)).size).toBe(topUpPacks.length);
  });
});
