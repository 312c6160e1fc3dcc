import { describe, expect, it } from "vitest";
import { canShareImageFiles, portraitFileName } from "./share";

describe("canShareImageFiles", () => {
  it("is true only where the share sheet accepts files", () => {
    const share = async () => undefined;
    expect(canShareImageFiles({ share, canShare: () => true })).toBe(true);
    expect(canShareImageFiles({ share, canShare: () => false })).toBe(false);
    expect(
      canShareImageFiles({
        share,
        canShare: () => {
          throw new TypeError("files unsupported");
        },
      }),
    ).toBe(false);
    expect(canShareImageFiles(undefined)).toBe(false);
    expect(canShareImageFiles({} as Navigator)).toBe(false);
  });
});

describe("portraitFileName", () => {
  it("names the file after the child and the style", () => {
    expect(portraitFileName("Mia", "Deep-Sea Diver", "image/webp")).toBe("mia-deep-sea-diver.webp");
    expect(portraitFileName("Zoë", "Ice Princess", "image/jpeg")).toBe("zoe-ice-princess.jpg");
    expect(portraitFileName("", "", "image/png")).toBe("portrait.png");
  });
});
