import { billingDetailsSchema } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { billingDetailsFormSchema, emptyBillingDetails } from "./billing-details-form";

const filled = {
  name: "Ada Lovelace",
  addressLine: "12 St James's Square",
  city: "London",
  postalCode: "SW1Y 4JH",
  country: "gb",
  taxId: "GB123456789",
};

describe("billingDetailsFormSchema", () => {
  it("accepts what the contract accepts, with the country in capitals", () => {
    const parsed = billingDetailsFormSchema.parse(filled);
    expect(parsed.country).toBe("GB");
    expect(billingDetailsSchema.safeParse(parsed).success).toBe(true);
    expect(
      billingDetailsSchema.safeParse(billingDetailsFormSchema.parse({ ...emptyBillingDetails, name: "Ada" }))
        .success,
    ).toBe(true);
  });

  it("asks for a name, and a two-letter country", () => {
    const result = billingDetailsFormSchema.safeParse({ ...filled, name: "  ", country: "GBR" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual([
      "name: Enter the name for invoices.",
      "country: Use the two-letter country code (GB, US, DE…).",
    ]);
  });

  it("refuses what the contract refuses, with its own words", () => {
    for (const [field, length] of [
      ["name", 121],
      ["addressLine", 201],
      ["city", 101],
      ["postalCode", 21],
      ["taxId", 41],
    ] as const) {
      const values = { ...filled, [field]: "x".repeat(length) };
      expect(billingDetailsSchema.safeParse(values).success, field).toBe(false);
      const result = billingDetailsFormSchema.safeParse(values);
      expect(result.error?.issues[0]?.message, field).toBe(`Use at most ${length - 1} characters.`);
    }
  });
});
