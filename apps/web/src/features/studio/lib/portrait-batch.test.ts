import { describe, expect, it } from "vitest";
import { currentBatch } from "./portrait-batch";
import { pendingImage, processingImage, testImage } from "./test-images";

const askedAt = "2026-11-22T10:00:00.000Z";

describe("currentBatch", () => {
  it("is empty while nothing is being made, whatever was made before", () => {
    expect(currentBatch([])).toEqual([]);
    expect(currentBatch([testImage("a"), testImage("b", { status: "failed" })])).toEqual([]);
  });

  it("holds the portraits in the making and those finished or failed since the oldest was asked for", () => {
    const earlier = testImage("earlier", {
      createdAt: "2026-11-22T09:00:00.000Z",
      completedAt: "2026-11-22T09:00:20.000Z",
    });
    const ready = testImage("ready", { createdAt: askedAt, completedAt: "2026-11-22T10:00:08.000Z" });
    const failed = testImage("failed", {
      status: "failed",
      createdAt: askedAt,
      completedAt: "2026-11-22T10:00:09.000Z",
    });
    const painting = processingImage("painting", { createdAt: askedAt });
    const waiting = pendingImage("waiting", { createdAt: askedAt });
    const batch = currentBatch([waiting, painting, failed, ready, earlier]);
    expect(batch.map((image) => image.id)).toEqual(["waiting", "painting", "failed", "ready"]);
  });

  it("counts a portrait asked for mid-batch in the same batch", () => {
    const ready = testImage("ready", { createdAt: askedAt, completedAt: "2026-11-22T10:00:08.000Z" });
    const first = pendingImage("first", { createdAt: askedAt });
    const again = pendingImage("again", { createdAt: "2026-11-22T10:00:10.000Z" });
    expect(currentBatch([again, first, ready]).map((image) => image.id)).toEqual(["again", "first", "ready"]);
  });

  it("leaves out a finished portrait that has no completion time", () => {
    const odd = testImage("odd", { status: "failed", completedAt: null });
    expect(currentBatch([pendingImage("p", { createdAt: askedAt }), odd]).map((image) => image.id)).toEqual([
      "p",
    ]);
  });
});
