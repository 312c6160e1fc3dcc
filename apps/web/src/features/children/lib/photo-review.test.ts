import { describe, expect, it } from "vitest";
import { adultSummary, bestFirst, isMarkedBest, photoIssueLabels, someoneElseSummary } from "./photo-review";
import { testPhoto } from "./test-photos";

describe("bestFirst", () => {
  it("orders by rank, then oldest first where ranks tie (read at different times)", () => {
    const photos = [
      testPhoto("new", { qualityRank: 2, createdAt: "2026-11-25T11:00:00.000Z" }),
      testPhoto("best", { qualityRank: 1 }),
      testPhoto("old", { qualityRank: 2, createdAt: "2026-11-25T09:00:00.000Z" }),
    ];
    expect(bestFirst(photos).map((photo) => photo.id)).toEqual(["best", "old", "new"]);
    // The list it was given is left as it was.
    expect(photos.map((photo) => photo.id)).toEqual(["new", "best", "old"]);
  });
});

describe("photoIssueLabels", () => {
  it("names the issues in the contract's order, in short words", () => {
    expect(photoIssueLabels(testPhoto("p", { qualityIssues: ["turnedAway", "faceSmall"] }))).toEqual([
      "Face too small",
      "Face turned away",
    ]);
    expect(photoIssueLabels(testPhoto("p", { blurry: true, qualityIssues: ["blurry"] }))).toEqual(["Blurry"]);
    expect(photoIssueLabels(testPhoto("p"))).toEqual([]);
  });
});

describe("isMarkedBest", () => {
  it("marks only the top three of a set of four or more, and never a flagged photo", () => {
    const good = testPhoto("p");
    expect([0, 1, 2, 3].map((index) => isMarkedBest(good, index, 4))).toEqual([true, true, true, false]);
    expect(isMarkedBest(good, 0, 3)).toBe(false);
    expect(isMarkedBest(testPhoto("p", { identity: "different" }), 0, 10)).toBe(false);
    expect(isMarkedBest(testPhoto("p", { looksAdult: true }), 0, 10)).toBe(false);
  });
});

describe("the summaries", () => {
  it("count in words that fit one photo or several", () => {
    expect(someoneElseSummary(1, "Mia")).toBe(
      "1 photo looks like someone other than Mia. Remove it before training.",
    );
    expect(someoneElseSummary(3, "Mia")).toBe(
      "3 photos look like someone other than Mia. Remove them before training.",
    );
    expect(adultSummary(1, "Mia")).toBe(
      "1 photo looks like an adult: tell us below whether it's Mia. Training waits for your answer.",
    );
    expect(adultSummary(2, "Mia")).toBe(
      "2 photos look like an adult: tell us below whether they're Mia. Training waits for your answers.",
    );
  });
});
