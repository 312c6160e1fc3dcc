import { describe, expect, it } from "vitest";
import { sceneLightGains } from "./face-in-costume";

const luminance = ([r, g, b]: number[]) => 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);

describe("a face in the scene's light", () => {
  it("is left as it is under a grey sky", () => {
    for (const gain of sceneLightGains(["#808080", "#808080"])) expect(gain).toBeCloseTo(1, 6);
  });

  it("turns a little towards the sky's colour, its brightness kept", () => {
    const [red, green, blue] = sceneLightGains(["#2a6fdb", "#0b2e6b"]);
    expect(blue).toBeGreaterThan(green);
    expect(green).toBeGreaterThan(red);
    expect(luminance([red, green, blue])).toBeCloseTo(1, 6);
    // A light pass: no channel moves by more than a tenth of the way, whatever the sky.
    for (const gain of [red, green, blue]) expect(Math.abs(gain - 1)).toBeLessThan(0.15);
  });

  it("is never dyed by a saturated night or sunset sky", () => {
    for (const sky of [
      ["#1a0033", "#000000"],
      ["#ff4000", "#ff0000"],
      ["#00ff00", "#00ff00"],
    ] as const) {
      const gains = sceneLightGains(sky);
      expect(luminance(gains)).toBeCloseTo(1, 6);
      for (const gain of gains) {
        expect(gain).toBeGreaterThan(0.85);
        expect(gain).toBeLessThan(1.15);
      }
    }
  });
});
