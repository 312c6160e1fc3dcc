import { describe, expect, it } from "vitest";
import { studioEntryPath, studioIntroRedirect } from "./studio-intro";

describe("studioIntroRedirect", () => {
  it("sends a first visit to the introduction", () => {
    expect(studioIntroRedirect({ childId: 7, seen: false, locationState: null })).toBe(
      "/kids/children/7/studio-intro",
    );
    expect(studioIntroRedirect({ childId: 7, seen: false, locationState: { other: 1 } })).toBe(
      "/kids/children/7/studio-intro",
    );
  });

  it("lets a returning visitor, or one arriving from the introduction, into the studio", () => {
    expect(studioIntroRedirect({ childId: 7, seen: true, locationState: null })).toBeNull();
    // Local storage may be unavailable: the introduction's own button still gets the parent in.
    expect(studioIntroRedirect({ childId: 7, seen: false, locationState: { fromIntro: true } })).toBeNull();
  });
});

describe("studioEntryPath", () => {
  it("leads through the introduction once", () => {
    expect(studioEntryPath(3, false)).toBe("/kids/children/3/studio-intro");
    expect(studioEntryPath(3, true)).toBe("/kids/children/3/magic-studio");
  });
});
