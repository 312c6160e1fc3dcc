import { describe, expect, it } from "vitest";
import { shiftIntoScreen } from "./menu";

describe("shiftIntoScreen", () => {
  it("moves a panel that runs off the left edge right, to 8 px from the edge", () => {
    // A 288 px panel right-aligned to a switcher whose right edge is at 225 px on a 385 px phone.
    expect(shiftIntoScreen({ left: 225 - 288, right: 225 }, 385)).toBe(71);
  });

  it("moves a panel that runs off the right edge left", () => {
    expect(shiftIntoScreen({ left: 200, right: 400 }, 385)).toBe(-23);
  });

  it("leaves a panel that fits where it is", () => {
    expect(shiftIntoScreen({ left: 8, right: 377 }, 385)).toBe(0);
    expect(shiftIntoScreen({ left: 900, right: 1188 }, 1280)).toBe(0);
  });
});
