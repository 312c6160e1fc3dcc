import { describe, expect, it } from "vitest";
import { checkoutIntro } from "./checkout-intro";

describe("the checkout page's introduction", () => {
  it("speaks of an add-on's clips or files, never of credits", () => {
    const intro = checkoutIntro({ kind: "add-on", addOn: { id: "create-video", unit: "video", units: 5 } });
    expect(intro).toBe("Check your order, then pay to add 5 video clips to your account.");
    expect(intro).not.toMatch(/credits/);
  });

  it("speaks of credits for a plan or a pack, and of neither before the order is known", () => {
    expect(checkoutIntro({ kind: "plan", addOn: null })).toMatch(/start using your credits/);
    expect(checkoutIntro({ kind: "top-up", addOn: null })).toMatch(/add the credits/);
    expect(checkoutIntro(undefined)).toBe("Check your order, then pay.");
  });
});
