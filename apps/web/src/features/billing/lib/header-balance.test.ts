import { describe, expect, it } from "vitest";
import { headerBalance } from "./header-balance";

describe("headerBalance", () => {
  it("is the family's shared credits for a member whom the family pays for", () => {
    expect(headerBalance(0, { payer: "family", heldByYou: false, credits: 187 })).toEqual({
      credits: 187,
      family: true,
    });
  });

  it("is the parent's own credits otherwise: their own plan, the plan holder, nothing read yet", () => {
    expect(headerBalance(40, { payer: "you", heldByYou: false, credits: 40 })).toEqual({
      credits: 40,
      family: false,
    });
    expect(headerBalance(99, { payer: "family", heldByYou: true, credits: 99 })).toEqual({
      credits: 99,
      family: false,
    });
    expect(headerBalance(0, { payer: null, heldByYou: false, credits: null })).toEqual({
      credits: 0,
      family: false,
    });
    expect(headerBalance(12, undefined)).toEqual({ credits: 12, family: false });
  });
});
