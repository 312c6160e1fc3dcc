import type { Subscription } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { planFor } from "./plan-entitlements";

const subscription = (planId: Subscription["planId"], isActive = true) =>
  ({ planId, isActive }) as Subscription;

describe("planFor", () => {
  it("is the plan of an active subscription, with what it unlocks", () => {
    expect(planFor(subscription(3))?.entitlements).toMatchObject({
      categories: "all",
      readyToPrintPerMonth: 10,
    });
    expect(planFor(subscription(1))?.entitlements).toMatchObject({ categories: "core", watermark: false });
    expect(planFor(subscription(5))?.entitlements.watermark).toBe(true);
  });

  it("is nothing without an active subscription", () => {
    expect(planFor(subscription(3, false))).toBeNull();
    expect(planFor(null)).toBeNull();
    expect(planFor(undefined)).toBeNull();
  });
});
