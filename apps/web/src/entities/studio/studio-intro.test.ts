import { describe, expect, it } from "vitest";
import { childOfLocation, studioEntryPath, studioIntroRedirect, studioMenuPath } from "./studio-intro";

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
    // Recording the visit may still be on its way: the introduction's own button gets the parent in.
    expect(studioIntroRedirect({ childId: 7, seen: false, locationState: { fromIntro: true } })).toBeNull();
  });
});

describe("studioEntryPath", () => {
  it("leads through the introduction once", () => {
    expect(studioEntryPath(3, false)).toBe("/kids/children/3/studio-intro");
    expect(studioEntryPath(3, true)).toBe("/kids/children/3/magic-studio");
  });
});

describe("studioMenuPath", () => {
  const mia = { id: 3, studioIntroSeen: true };
  const leo = { id: 4, studioIntroSeen: false };

  it("leads to the studio of the child of the page, through the introduction if not seen", () => {
    expect(studioMenuPath([mia, leo], 3)).toBe("/kids/children/3/magic-studio");
    expect(studioMenuPath([mia, leo], 4)).toBe("/kids/children/4/studio-intro");
  });

  it("leads to the only child's studio, or to the styles page to choose or add one", () => {
    expect(studioMenuPath([mia], null)).toBe("/kids/children/3/magic-studio");
    expect(studioMenuPath([mia], 99)).toBe("/kids/children/3/magic-studio");
    expect(studioMenuPath([mia, leo], null)).toBe("/kids/choose-theme");
    expect(studioMenuPath([], null)).toBe("/kids/choose-theme");
  });
});

describe("childOfLocation", () => {
  it("reads the child of a studio address or of the flow's ?child=", () => {
    expect(childOfLocation({ pathname: "/kids/children/12/magic-studio", search: "" })).toBe(12);
    expect(childOfLocation({ pathname: "/kids/children/12/studio-intro", search: "" })).toBe(12);
    expect(childOfLocation({ pathname: "/kids/upload-images", search: "?child=5" })).toBe(5);
    expect(childOfLocation({ pathname: "/kids/children/012/magic-studio", search: "" })).toBeNull();
    expect(childOfLocation({ pathname: "/account/settings", search: "" })).toBeNull();
  });
});
