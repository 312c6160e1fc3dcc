import { describe, expect, it } from "vitest";
import { printCharge } from "./print-charge";

const state = (leftThisMonth: number, print: number) => ({
  planPrints: { perMonth: leftThisMonth > 0 ? 10 : 0, leftThisMonth },
  balances: { print },
});

describe("what a print costs, said before it is spent", () => {
  it("takes this month's plan files first and says what is left after", () => {
    expect(printCharge(state(3, 0), { printed: false })).toEqual({
      kind: "plan",
      cost: "1 of this month's 3 ready-to-print files",
      after: "2 ready-to-print files left this month.",
    });
    expect(printCharge(state(1, 10), { printed: false })).toMatchObject({
      after: "0 ready-to-print files left this month, and 10 ready-to-print files from your add-on.",
    });
  });

  it("then the add-on's files", () => {
    expect(printCharge(state(0, 2), { printed: false })).toEqual({
      kind: "add-on",
      cost: "1 of your 2 ready-to-print files from the Ready to print add-on",
      after: "1 ready-to-print file left from your add-on.",
    });
  });

  it("is free for a portrait printed before, and impossible with nothing left", () => {
    expect(printCharge(state(0, 0), { printed: true })).toEqual({ kind: "free" });
    expect(printCharge(state(0, 0), { printed: false })).toEqual({ kind: "none" });
  });
});
