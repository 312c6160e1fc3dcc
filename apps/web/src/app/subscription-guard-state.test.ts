import { describe, expect, it } from "vitest";
import { isBackFromCheckout, subscriptionGuardState } from "./subscription-guard-state";

describe("subscriptionGuardState", () => {
  it("is loading while a verified parent's plan is read for the first time", () => {
    expect(subscriptionGuardState({ verified: true, data: undefined, isPending: true })).toEqual({
      status: "loading",
    });
  });

  it("is loaded with the plan, or with null when there is none", () => {
    expect(subscriptionGuardState({ verified: true, data: { isActive: true }, isPending: false })).toEqual({
      status: "loaded",
      subscription: { isActive: true },
    });
    expect(subscriptionGuardState({ verified: true, data: null, isPending: false })).toEqual({
      status: "loaded",
      subscription: null,
    });
  });

  it("is unavailable when the first read failed, so the page renders and explains", () => {
    expect(subscriptionGuardState({ verified: true, data: undefined, isPending: false })).toEqual({
      status: "unavailable",
    });
  });

  it("is unavailable for visitors who are not verified (their query never runs)", () => {
    expect(subscriptionGuardState({ verified: false, data: undefined, isPending: true })).toEqual({
      status: "unavailable",
    });
  });
});

describe("isBackFromCheckout", () => {
  it("recognises a /kids page with a success query", () => {
    expect(isBackFromCheckout({ pathname: "/kids/add-children", search: "?success=true" })).toBe(true);
    expect(isBackFromCheckout({ pathname: "/kids/top-up-credit-plans", search: "?success=true" })).toBe(true);
  });

  it("ignores other pages and /kids pages without it", () => {
    expect(isBackFromCheckout({ pathname: "/kids/add-children", search: "" })).toBe(false);
    expect(isBackFromCheckout({ pathname: "/account/subscription/manage", search: "?success=true" })).toBe(
      false,
    );
  });
});
