import { describe, expect, it } from "vitest";
import { judgeSafety } from "../../src/modules/safety/judge-safety";
import { openQuarantined, sealQuarantined } from "../../src/modules/safety/quarantine-crypto";

const thresholds = { porn: 0.6, hentai: 0.6, sexy: 0.9 };
const scores = (over: Partial<Record<"drawing" | "hentai" | "neutral" | "porn" | "sexy", number>>) => ({
  drawing: 0,
  hentai: 0,
  neutral: 0,
  porn: 0,
  sexy: 0,
  ...over,
});

describe("judging a picture's scores", () => {
  it("fails a picture at or above any screened class's threshold, and names the classes", () => {
    expect(judgeSafety(scores({ porn: 0.6 }), thresholds)).toEqual({ passed: false, over: ["porn"] });
    expect(judgeSafety(scores({ hentai: 0.7, sexy: 0.95 }), thresholds)).toEqual({
      passed: false,
      over: ["hentai", "sexy"],
    });
  });

  it("passes what is below every threshold, however drawn or neutral it is", () => {
    expect(judgeSafety(scores({ porn: 0.59, hentai: 0.59, sexy: 0.89 }), thresholds).passed).toBe(true);
    expect(judgeSafety(scores({ drawing: 1 }), thresholds).passed).toBe(true);
    // A beach photo's "sexy" score well above porn's threshold is not refused: its own is higher.
    expect(judgeSafety(scores({ sexy: 0.8, neutral: 0.2 }), thresholds).passed).toBe(true);
  });
});

describe("the quarantine's encryption", () => {
  const secret = "a-deployment-secret-that-is-long-enough";
  const picture = Buffer.from("a picture's bytes, whatever they are");

  it("opens what it sealed, and each seal differs (a fresh IV)", () => {
    const sealed = sealQuarantined(secret, picture);
    expect(openQuarantined(secret, sealed).equals(picture)).toBe(true);
    expect(sealed.includes(picture)).toBe(false);
    expect(sealQuarantined(secret, picture).equals(sealed)).toBe(false);
  });

  it("refuses a file altered at rest or sealed with another secret", () => {
    const sealed = sealQuarantined(secret, picture);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => openQuarantined(secret, altered)).toThrow();
    expect(() => openQuarantined("another-secret-that-is-long-enough-too", sealed)).toThrow();
  });
});
