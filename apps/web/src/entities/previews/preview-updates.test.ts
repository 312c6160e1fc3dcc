import type { Previews } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import {
  keepShownPreviews,
  PREVIEWS_MAKING_POLL_MS,
  PREVIEWS_TRAINING_POLL_MS,
  previewsPollInterval,
  withoutPreview,
} from "./preview-updates";
import { makingPreview, testPreview } from "./test-previews";

const set = (
  status: Previews["status"],
  images = [testPreview("a")],
  byEmail = false,
  swapsLeft = 0,
): Previews => ({ status, images, byEmail, swapsLeft });

describe("previewsPollInterval", () => {
  it("reads every 2 s while previews are being made", () => {
    expect(previewsPollInterval(set("making"), { trainingRunning: false })).toBe(PREVIEWS_MAKING_POLL_MS);
    expect(previewsPollInterval(set("making"), { trainingRunning: true })).toBe(PREVIEWS_MAKING_POLL_MS);
    expect(PREVIEWS_MAKING_POLL_MS).toBe(2_000);
  });

  it("keeps watching every 3 s while the model trains: a set may start any moment", () => {
    expect(previewsPollInterval(set("none", []), { trainingRunning: true })).toBe(PREVIEWS_TRAINING_POLL_MS);
    expect(previewsPollInterval(undefined, { trainingRunning: true })).toBe(PREVIEWS_TRAINING_POLL_MS);
    expect(PREVIEWS_TRAINING_POLL_MS).toBe(3_000);
  });

  it("stops once the set is settled and the model no longer trains", () => {
    expect(previewsPollInterval(set("none", []), { trainingRunning: false })).toBe(false);
    expect(previewsPollInterval(set("unavailable", []), { trainingRunning: false })).toBe(false);
    // Addresses without an expiry need no renewal.
    expect(previewsPollInterval(set("ready"), { trainingRunning: false })).toBe(false);
  });

  it("renews a finished set's signed addresses before they expire", () => {
    const expires = Math.floor(Date.now() / 1000) + 15 * 60;
    const signed = testPreview("a", { url: `/media/a.jpg?expires=${expires}&sig=x` });
    const interval = previewsPollInterval(set("ready", [signed]), { trainingRunning: false });
    expect(interval).toBeGreaterThan(10 * 60_000);
    expect(interval).toBeLessThanOrEqual(14 * 60_000);
  });
});

describe("keepShownPreviews", () => {
  const now = Date.parse("2026-11-25T12:00:00.000Z");
  const address = (id: string, inSeconds: number) =>
    `/media/${id}.webp?expires=${Math.floor(now / 1000) + inSeconds}&sig=${inSeconds}`;
  const signed = (id: string, inSeconds: number) =>
    testPreview(id, {
      url: address(id, inSeconds),
    });

  it("keeps the set shown when only the signatures changed, so no picture loads again", () => {
    const shown = set("ready", [signed("a", 600), signed("b", 600)]);
    const read = set("ready", [signed("a", 900), signed("b", 900)]);
    expect(keepShownPreviews(shown, read, now)).toBe(shown);
  });

  it("takes the new read of a preview that moved on, and keeps the others", () => {
    const done = signed("b", 600);
    const shown = set("making", [makingPreview("a", { progress: 20 }), done]);
    const read = set("making", [makingPreview("a", { progress: 60 }), signed("b", 900)]);
    const kept = keepShownPreviews(shown, read, now);
    expect(kept).not.toBe(shown);
    expect(kept.images[0]?.progress).toBe(60);
    expect(kept.images[1]).toBe(done);
  });

  it("takes fresh addresses once the shown ones are about to expire", () => {
    const shown = set("ready", [signed("a", 60)]);
    const read = set("ready", [signed("a", 900)]);
    expect(keepShownPreviews(shown, read, now).images[0]?.url).toBe(read.images[0]?.url);
  });

  it("takes a new status, e-mail choice or count of style changes, and a new preview in the set", () => {
    const shown = set("ready", [signed("a", 600)]);
    expect(keepShownPreviews(shown, { ...shown, byEmail: true }, now).byEmail).toBe(true);
    expect(keepShownPreviews({ ...shown, swapsLeft: 2 }, shown, now).swapsLeft).toBe(0);
    const grown = keepShownPreviews(shown, set("making", [signed("a", 900), makingPreview("b")]), now);
    expect(grown.status).toBe("making");
    expect(grown.images.map((image) => image.id)).toEqual(["a", "b"]);
    expect(grown.images[0]).toBe(shown.images[0]);
  });
});

describe("withoutPreview", () => {
  it("drops a deleted preview, and says none once the last one is gone", () => {
    const both = set("ready", [testPreview("a"), testPreview("b")]);
    expect(withoutPreview(both, "a")?.images.map((image) => image.id)).toEqual(["b"]);
    expect(withoutPreview(both, "elsewhere")).toBe(both);
    expect(withoutPreview(set("ready"), "a")).toEqual({
      status: "none",
      images: [],
      byEmail: false,
      swapsLeft: 0,
    });
  });
});
