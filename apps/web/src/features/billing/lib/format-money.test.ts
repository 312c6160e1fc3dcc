import { describe, expect, it } from "vitest";
import { formatCreditChange, formatCredits, formatMoney } from "./format-money";

describe("formatMoney", () => {
  it("shows cents when there are some, and whole amounts without them", () => {
    expect(formatMoney(14.99, "USD", { locale: "en-US" })).toBe("$14.99");
    expect(formatMoney(149.9, "USD", { locale: "en-US" })).toBe("$149.90");
    expect(formatMoney(19, "USD", { locale: "en-US" })).toBe("$19");
    expect(formatMoney(19, "USD", { locale: "en-US", keepCents: true })).toBe("$19.00");
  });

  it("follows the reader's locale and the currency given", () => {
    expect(formatMoney(14.99, "EUR", { locale: "de-DE" })).toBe("14,99\u00a0€");
    expect(formatMoney(2, "GBP", { locale: "en-GB" })).toBe("£2");
  });
});

describe("credits", () => {
  it("counts credits in words", () => {
    expect(formatCredits(1, "en-US")).toBe("1 credit");
    expect(formatCredits(0, "en-US")).toBe("0 credits");
    expect(formatCredits(1200, "en-US")).toBe("1,200 credits");
  });

  it("signs movements with a plus or a real minus", () => {
    expect(formatCreditChange(100, "en-US")).toBe("+100");
    expect(formatCreditChange(-20, "en-US")).toBe("\u221220");
    expect(formatCreditChange(0, "en-US")).toBe("0");
  });
});
