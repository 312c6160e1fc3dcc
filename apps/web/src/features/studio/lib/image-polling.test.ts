import { describe, expect, it } from "vitest";
import {
  imagesToPoll,
  imagesToSettle,
  isStuck,
  MAX_POLLED_IDS,
  PREDICTION_POLL_MAX_BACKOFF_MS,
  PREDICTION_POLL_MS,
  predictionPollInterval,
  STUCK_AFTER_MS,
} from "./image-polling";
import { pendingImage, testImage } from "./test-images";

const createdAt = "2026-11-22T10:00:00.000Z";
const after = (ms: number) => Date.parse(createdAt) + ms;

describe("predictionPollInterval", () => {
  it("reads again every second while any watched portrait is being made", () => {
    expect(PREDICTION_POLL_MS).toBe(1_000);
    expect(predictionPollInterval([testImage("a"), pendingImage("b")], 0)).toBe(PREDICTION_POLL_MS);
    expect(predictionPollInterval([pendingImage("b", { status: "processing", progress: 40 })], 0)).toBe(
      PREDICTION_POLL_MS,
    );
  });

  it("stops when every watched portrait is done, failed or gone", () => {
    expect(predictionPollInterval([testImage("a"), testImage("b", { status: "failed" })], 0)).toBe(false);
    expect(predictionPollInterval([], 0)).toBe(false);
  });

  it("backs off after failed reads, up to a ceiling", () => {
    expect(predictionPollInterval(undefined, 0)).toBe(PREDICTION_POLL_MS);
    expect(predictionPollInterval(undefined, 1)).toBe(2_000);
    expect(predictionPollInterval(undefined, 3)).toBe(8_000);
    expect(predictionPollInterval(undefined, 10)).toBe(PREDICTION_POLL_MAX_BACKOFF_MS);
  });
});

describe("imagesToPoll", () => {
  it("watches only the portraits being made, at most one call's worth", () => {
    const images = [testImage("done"), pendingImage("p1"), pendingImage("p2", { status: "processing" })];
    expect(imagesToPoll(images)).toEqual(["p1", "p2"]);
    const many = Array.from({ length: 60 }, (_, index) => pendingImage(`p${index}`));
    expect(imagesToPoll(many)).toHaveLength(MAX_POLLED_IDS);
  });
});

describe("isStuck", () => {
  it("is a portrait still in the making three minutes after it was asked for", () => {
    expect(STUCK_AFTER_MS).toBe(180_000);
    expect(isStuck(pendingImage("a", { createdAt }), after(STUCK_AFTER_MS))).toBe(false);
    expect(isStuck(pendingImage("a", { createdAt }), after(STUCK_AFTER_MS + 1))).toBe(true);
    expect(isStuck(pendingImage("a", { createdAt, status: "processing" }), after(STUCK_AFTER_MS + 1))).toBe(
      true,
    );
  });

  it("is never a finished or failed portrait, however old", () => {
    expect(isStuck(testImage("a", { createdAt }), after(60 * 60_000))).toBe(false);
    expect(isStuck(testImage("a", { createdAt, status: "failed" }), after(60 * 60_000))).toBe(false);
  });
});

describe("imagesToSettle", () => {
  const now = after(10_000);

  it("reports failures this page saw happen, and stuck portraits", () => {
    const failedWhileWatched = testImage("f1", { status: "failed" });
    const failedBefore = testImage("f2", { status: "failed" });
    const stuck = pendingImage("s1", { createdAt: "2026-11-22T09:50:00.000Z" });
    const fresh = pendingImage("p1", { createdAt });
    const settle = imagesToSettle([failedWhileWatched, failedBefore, stuck, fresh, testImage("ok")], {
      now,
      watched: new Set(["f1", "s1", "p1"]),
      reported: new Set(),
    });
    expect(settle.map((image) => image.id)).toEqual(["f1", "s1"]);
  });

  it("never reports a free preview: there is no credit to give back, and the server drops it", () => {
    const failed = testImage("f1", { kind: "preview", status: "failed" });
    const stuck = pendingImage("s1", { kind: "preview", createdAt: "2026-11-22T09:50:00.000Z" });
    expect(
      imagesToSettle([failed, stuck], { now, watched: new Set(["f1", "s1"]), reported: new Set() }),
    ).toEqual([]);
  });

  it("reports each portrait once", () => {
    const failed = testImage("f1", { status: "failed" });
    expect(imagesToSettle([failed], { now, watched: new Set(["f1"]), reported: new Set(["f1"]) })).toEqual(
      [],
    );
  });
});
