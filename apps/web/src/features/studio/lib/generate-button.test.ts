import { GENERATION_CREDIT_COST, GENERATION_MAX_COUNT } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { affordableCount, generateButtonState, generateLabel } from "./generate-button";

const base = { count: 4, balance: 100, styleChosen: true, styleLocked: false, working: false };

describe("generateButtonState", () => {
  it("shows the price of the portraits asked for", () => {
    expect(GENERATION_CREDIT_COST).toBe(1);
    expect(generateButtonState(base)).toEqual({
      kind: "ready",
      disabled: false,
      label: "Create 4 portraits · 4 credits",
      cost: 4,
    });
    expect(generateLabel(1, 1)).toBe("Create 1 portrait · 1 credit");
  });

  it("is disabled, with how many are missing, when the balance does not cover it", () => {
    expect(generateButtonState({ ...base, balance: 3 })).toMatchObject({
      kind: "insufficient",
      disabled: true,
      label: "Create 4 portraits · 4 credits",
      shortBy: 1,
    });
    expect(generateButtonState({ ...base, count: 1, balance: 0 })).toMatchObject({
      kind: "insufficient",
      shortBy: 1,
    });
    expect(generateButtonState({ ...base, count: 1, balance: -2 })).toMatchObject({
      kind: "insufficient",
      shortBy: 3,
    });
    // Exactly enough is enough.
    expect(generateButtonState({ ...base, balance: 4 }).disabled).toBe(false);
  });

  it("waits for a style, a usable style, the balance, and the previous click", () => {
    expect(generateButtonState({ ...base, styleChosen: false })).toMatchObject({
      kind: "no-style",
      disabled: true,
      label: "Pick a style first",
    });
    expect(generateButtonState({ ...base, styleLocked: true })).toMatchObject({
      kind: "locked",
      disabled: true,
    });
    expect(generateButtonState({ ...base, balance: null })).toMatchObject({
      kind: "balance-loading",
      disabled: true,
    });
    expect(generateButtonState({ ...base, working: true })).toMatchObject({
      kind: "working",
      disabled: true,
    });
  });
});

describe("affordableCount", () => {
  it("is as many as the balance pays for, within one click's maximum", () => {
    expect(affordableCount(100, GENERATION_MAX_COUNT)).toBe(GENERATION_MAX_COUNT);
    expect(affordableCount(2, GENERATION_MAX_COUNT)).toBe(2);
    expect(affordableCount(0, GENERATION_MAX_COUNT)).toBe(0);
    expect(affordableCount(-5, GENERATION_MAX_COUNT)).toBe(0);
    expect(affordableCount(null, GENERATION_MAX_COUNT)).toBe(GENERATION_MAX_COUNT);
  });
});
