import type { Subscription } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import {
  canOfferDiscount,
  discountWords,
  isRenewing,
  priceWords,
  subscriptionFacts,
} from "./subscription-facts";

const base: Subscription = {
  id: "sub_1",
  isActive: true,
  planId: 1,
  planName: "Magician",
  billingCycle: "monthly",
  status: "active",
  currentPeriodEnd: "2026-12-22T10:00:00.000Z",
  nextGrantAt: "2026-12-22T10:00:00.000Z",
  cancelAtPeriodEnd: false,
  discountOfferedAt: null,
  discountAcceptedAt: null,
  provider: "local",
  createdAt: "2026-11-22T10:00:00.000Z",
};

const day = (iso: string) => iso.slice(0, 10);
const facts = (subscription: Subscription, creditsPerGrant?: number) =>
  subscriptionFacts(subscription, { format: day, creditsPerGrant });

describe("subscriptionFacts", () => {
  it("says when an active plan renews", () => {
    expect(facts(base)).toEqual([
      { label: "Renews on", value: "2026-12-22" },
      { label: "Member since", value: "2026-11-22" },
    ]);
  });

  it("gives the price when known", () => {
    expect(subscriptionFacts(base, { format: day, price: "$14.99 a month" })[1]).toEqual({
      label: "Price",
      value: "$14.99 a month",
    });
  });

  it("says when a cancelled plan ends", () => {
    expect(facts({ ...base, status: "cancelled", cancelAtPeriodEnd: true })[0]).toEqual({
      label: "Ends on",
      value: "2026-12-22",
    });
  });

  it("gives a yearly plan's next monthly images", () => {
    const yearly = {
      ...base,
      planId: 2 as const,
      billingCycle: "yearly" as const,
      currentPeriodEnd: "2027-11-22T10:00:00.000Z",
    };
    expect(facts(yearly, 100)).toContainEqual({ label: "Next monthly images", value: "100 on 2026-12-22" });
  });

  it("names the retention discount once taken", () => {
    expect(facts({ ...base, discountAcceptedAt: "2026-11-30T10:00:00.000Z" })).toContainEqual({
      label: "Discount",
      value: discountWords,
    });
    expect(discountWords).toBe("30% off your next 3 renewals");
  });

  it("says a one-time plan does not renew", () => {
    const once = {
      ...base,
      planId: 5 as const,
      billingCycle: "one-time" as const,
      currentPeriodEnd: null,
      nextGrantAt: null,
    };
    expect(facts(once)[0]).toEqual({ label: "Renewal", value: "None: a one-time plan" });
    expect(isRenewing(once)).toBe(false);
    expect(canOfferDiscount(once)).toBe(false);
  });

  it("offers the discount only until it is taken", () => {
    expect(canOfferDiscount(base)).toBe(true);
    expect(canOfferDiscount({ ...base, discountAcceptedAt: "2026-11-30T10:00:00.000Z" })).toBe(false);
  });
});

describe("priceWords", () => {
  it("says what a plan costs and how often", () => {
    expect(priceWords({ price: 14.99, billingCycle: "monthly" }, "USD")).toMatch(/^\$14\.99 a month$/);
    expect(priceWords({ price: 149.9, billingCycle: "yearly" }, "USD")).toMatch(/^\$149\.90 a year$/);
    expect(priceWords({ price: 19, billingCycle: "one-time" }, "USD")).toMatch(/^\$19, paid once$/);
  });
});
