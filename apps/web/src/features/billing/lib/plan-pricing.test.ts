import { plans } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { bestYearlySaving, monthlyEquivalent, variantFor, yearlySavingPercent } from "./plan-pricing";

const byKey = (key: string) => {
  const plan = plans.find((candidate) => candidate.key === key);
  if (!plan) throw new Error(key);
  return plan;
};

describe("plan pricing", () => {
  it("picks the variant of the cycle, and the one-time price whatever the cycle", () => {
    expect(variantFor(byKey("magician"), "monthly")?.planId).toBe(1);
    expect(variantFor(byKey("magician"), "yearly")?.planId).toBe(2);
    expect(variantFor(byKey("oracle"), "yearly")?.planId).toBe(4);
    expect(variantFor(byKey("alchemist"), "monthly")?.planId).toBe(5);
    expect(variantFor(byKey("alchemist"), "yearly")?.planId).toBe(5);
  });

  it("works out the yearly saving, rounded down, and none for a one-time plan", () => {
    // 149.90 against 12 × 14.99 = 179.88: 16.7 % off.
    expect(yearlySavingPercent(byKey("magician"))).toBe(16);
    expect(yearlySavingPercent(byKey("oracle"))).toBe(16);
    expect(yearlySavingPercent(byKey("alchemist"))).toBeNull();
    expect(bestYearlySaving(plans)).toBe(16);
    expect(bestYearlySaving([byKey("alchemist")])).toBeNull();
  });

  it("spreads a yearly price over twelve months without rounding up", () => {
    expect(monthlyEquivalent(149.9)).toBe(12.49);
    expect(monthlyEquivalent(249.9)).toBe(20.82);
  });
});
