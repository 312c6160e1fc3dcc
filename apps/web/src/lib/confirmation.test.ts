import { describe, expect, it } from "vitest";
import { sameConfirmation } from "./confirmation";

describe("sameConfirmation", () => {
  it("ignores spaces around and letter case, like the server", () => {
    expect(sameConfirmation("  mia ", "Mia")).toBe(true);
    expect(sameConfirmation("ADA@Example.com", "ada@example.com")).toBe(true);
  });

  it("compares composed and decomposed accents as the same letters", () => {
    expect(sameConfirmation("Zoe\u0301", "Zoé")).toBe(true);
  });

  it("refuses anything else, and an empty answer", () => {
    expect(sameConfirmation("Mi", "Mia")).toBe(false);
    expect(sameConfirmation("M ia", "Mia")).toBe(false);
    expect(sameConfirmation("", "")).toBe(false);
    expect(sameConfirmation("   ", " ")).toBe(false);
  });
});
