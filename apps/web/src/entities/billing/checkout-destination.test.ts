import { describe, expect, it } from "vitest";
import { checkoutDestination } from "./checkout-destination";

describe("checkoutDestination", () => {
  it("keeps the built-in checkout inside the app", () => {
    expect(checkoutDestination("/checkout/cs_abc")).toEqual({ kind: "in-app", path: "/checkout/cs_abc" });
  });

  it("leaves for a payment provider's page", () => {
    expect(checkoutDestination("https://checkout.stripe.com/c/pay/cs_test_1#x")).toEqual({
      kind: "provider",
      href: "https://checkout.stripe.com/c/pay/cs_test_1#x",
    });
  });

  it("refuses anything that is not a web address", () => {
    expect(checkoutDestination("javascript:alert(1)")).toBeNull();
    expect(checkoutDestination("//evil.example/checkout")).toBeNull();
    expect(checkoutDestination("checkout/cs_abc")).toBeNull();
  });
});
