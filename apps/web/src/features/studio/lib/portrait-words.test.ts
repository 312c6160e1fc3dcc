import { describe, expect, it } from "vitest";
import {
  batchEstimateSeconds,
  batchProgressWords,
  estimateWords,
  portraitProgressWords,
  portraitWaitWords,
} from "./portrait-words";
import { pendingImage, processingImage, testImage } from "./test-images";

describe("estimateWords", () => {
  it("says exact seconds while they are few", () => {
    expect(estimateWords(1)).toBe("about 1 s");
    expect(estimateWords(5)).toBe("about 5 s");
    expect(estimateWords(9)).toBe("about 9 s");
  });

  it("rounds to fives up to a minute", () => {
    expect(estimateWords(10)).toBe("about 10 s");
    expect(estimateWords(12)).toBe("about 10 s");
    expect(estimateWords(13)).toBe("about 15 s");
    expect(estimateWords(41)).toBe("about 40 s");
    expect(estimateWords(57)).toBe("about 55 s");
  });

  it("switches to whole minutes from a minute on, then to hours", () => {
    expect(estimateWords(58)).toBe("about 1 min");
    expect(estimateWords(60)).toBe("about 1 min");
    expect(estimateWords(89)).toBe("about 1 min");
    expect(estimateWords(90)).toBe("about 2 min");
    expect(estimateWords(130)).toBe("about 2 min");
    expect(estimateWords(59 * 60)).toBe("about 59 min");
    expect(estimateWords(3_570)).toBe("about 1 h");
    expect(estimateWords(2 * 3_600 + 100)).toBe("about 2 h");
  });

  it("never says about 0 s", () => {
    expect(estimateWords(0)).toBe("any moment now");
  });
});

describe("portraitWaitWords and portraitProgressWords", () => {
  it("says a waiting portrait is next in line, with the estimate", () => {
    const next = pendingImage("a", { queuePosition: 0, estimatedSeconds: 5 });
    expect(portraitWaitWords(next)).toEqual({ title: "Next in line", detail: "about 5 s" });
    expect(portraitProgressWords(next)).toBe("Next in line · about 5 s");
  });

  it("says how many go first", () => {
    const third = pendingImage("a", { queuePosition: 3, estimatedSeconds: 20 });
    expect(portraitWaitWords(third)).toEqual({ title: "Waiting its turn", detail: "3 ahead · about 20 s" });
    expect(portraitProgressWords(third)).toBe("Waiting its turn — 3 ahead · about 20 s");
  });

  it("says where a portrait being painted is, with the time left", () => {
    const painting = processingImage("a", { progress: 40, estimatedSeconds: 4 });
    expect(portraitWaitWords(painting)).toEqual({ title: "Painting…", detail: "about 4 s" });
    expect(portraitProgressWords(painting)).toBe("Painting… about 4 s");
    const finishing = processingImage("a", { progress: 85, estimatedSeconds: 1 });
    expect(portraitProgressWords(finishing)).toBe("Adding the sparkle… about 1 s");
  });

  it("shows no estimate when the server has none", () => {
    const third = pendingImage("a", { queuePosition: 3, estimatedSeconds: null });
    expect(portraitWaitWords(third)).toEqual({ title: "Waiting its turn", detail: "3 ahead" });
    expect(portraitProgressWords(third)).toBe("Waiting its turn — 3 ahead");
    const next = pendingImage("a", { queuePosition: 0, estimatedSeconds: null });
    expect(portraitWaitWords(next)).toEqual({ title: "Next in line", detail: null });
    expect(portraitProgressWords(next)).toBe("Next in line…");
    const painting = processingImage("a", { estimatedSeconds: null });
    expect(portraitWaitWords(painting)).toEqual({ title: "Painting…", detail: null });
    expect(portraitProgressWords(painting)).toBe("Painting…");
  });

  it("still says something honest for a waiting portrait whose place is unknown", () => {
    const unplaced = pendingImage("a", { queuePosition: null, estimatedSeconds: 30 });
    expect(portraitProgressWords(unplaced)).toBe("Waiting its turn · about 30 s");
    expect(portraitProgressWords({ ...unplaced, estimatedSeconds: null })).toBe("Waiting its turn…");
  });
});

describe("batchEstimateSeconds", () => {
  it("is the longest wait among the portraits still in the making", () => {
    const batch = [
      testImage("done"),
      processingImage("a", { estimatedSeconds: 4 }),
      pendingImage("b", { queuePosition: 2, estimatedSeconds: 12 }),
    ];
    expect(batchEstimateSeconds(batch)).toBe(12);
  });

  it("is unknown when any of them is unknown, or nothing is left", () => {
    expect(
      batchEstimateSeconds([
        processingImage("a", { estimatedSeconds: 4 }),
        pendingImage("b", { estimatedSeconds: null }),
      ]),
    ).toBeNull();
    expect(batchEstimateSeconds([testImage("done")])).toBeNull();
  });
});

/** The batch's words as the generate panel shows them, in one line. */
function onTheWayLine(batch: Parameters<typeof batchProgressWords>[0]): string | null {
  const words = batchProgressWords(batch);
  if (!words) return null;
  return words.estimate ? `${words.summary} · ${words.estimate}` : words.summary;
}

describe("batchProgressWords", () => {
  it("counts the batch and says when it should all be ready", () => {
    const batch = [
      pendingImage("a", { queuePosition: 1, estimatedSeconds: 12 }),
      pendingImage("b", { queuePosition: 0, estimatedSeconds: 8 }),
      processingImage("c", { estimatedSeconds: 4 }),
      testImage("d"),
    ];
    expect(onTheWayLine(batch)).toBe("4 portraits on the way — 1 ready · about 10 s");
    expect(batchProgressWords(batch)).toEqual({
      summary: "4 portraits on the way — 1 ready",
      estimate: "about 10 s",
    });
  });

  it("says how many did not work", () => {
    const batch = [
      processingImage("a", { estimatedSeconds: 40 }),
      testImage("b"),
      testImage("c"),
      testImage("d", { status: "failed" }),
    ];
    expect(onTheWayLine(batch)).toBe("4 portraits on the way — 2 ready, 1 didn't work · about 40 s");
    expect(
      onTheWayLine([processingImage("a", { estimatedSeconds: 130 }), testImage("b", { status: "failed" })]),
    ).toBe("2 portraits on the way — 1 didn't work · about 2 min");
  });

  it("speaks of one portrait in the singular, and leaves out an unknown estimate", () => {
    expect(onTheWayLine([pendingImage("a", { estimatedSeconds: null })])).toBe("1 portrait on the way");
    expect(batchProgressWords([pendingImage("a", { estimatedSeconds: null })])).toEqual({
      summary: "1 portrait on the way",
      estimate: null,
    });
  });

  it("has nothing to say once nothing is being made", () => {
    expect(onTheWayLine([])).toBeNull();
    expect(onTheWayLine([testImage("a"), testImage("b", { status: "failed" })])).toBeNull();
  });
});
