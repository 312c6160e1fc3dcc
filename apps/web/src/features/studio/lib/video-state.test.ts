import type { PortraitVideo } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { videoPanelState } from "./video-state";

const video = (changes: Partial<PortraitVideo>): PortraitVideo => ({
  id: "v1",
  imageId: "i1",
  status: "pending",
  progress: 0,
  url: null,
  downloadUrl: null,
  contentType: null,
  width: null,
  height: null,
  frames: null,
  durationMs: null,
  error: null,
  createdAt: "2026-11-25T10:00:00.000Z",
  completedAt: null,
  ...changes,
});

describe("videoPanelState", () => {
  it("waits for both the clip and the parent's clips left", () => {
    expect(videoPanelState({ video: undefined, videosLeft: 3, canBuy: true })).toEqual({ kind: "loading" });
    expect(videoPanelState({ video: null, videosLeft: undefined, canBuy: true })).toEqual({
      kind: "loading",
    });
  });

  it("shows a made clip, and the progress of one being made", () => {
    const made = video({ status: "succeeded", progress: 100, url: "/media/v.webp" });
    expect(videoPanelState({ video: made, videosLeft: 0, canBuy: false })).toEqual({
      kind: "ready",
      video: made,
    });
    expect(
      videoPanelState({ video: video({ status: "processing", progress: 45 }), videosLeft: 0, canBuy: true }),
    ).toEqual({ kind: "making", progress: 45 });
  });

  it("offers to create one with clips left, saying why a previous one failed", () => {
    expect(videoPanelState({ video: null, videosLeft: 2, canBuy: true })).toEqual({
      kind: "can-create",
      videosLeft: 2,
      failed: null,
    });
    const failed = video({ status: "failed", error: "We couldn't make this video." });
    expect(videoPanelState({ video: failed, videosLeft: 1, canBuy: true })).toMatchObject({
      kind: "can-create",
      failed: "We couldn't make this video.",
    });
  });

  it("says why not without clips: they are an add-on, bought here or with a plan that sells them", () => {
    expect(videoPanelState({ video: null, videosLeft: 0, canBuy: true })).toMatchObject({
      kind: "no-credits",
      canBuy: true,
      reason: expect.stringContaining("Video clips are an add-on: buy the Create video add-on"),
    });
    expect(videoPanelState({ video: null, videosLeft: 0, canBuy: false })).toMatchObject({
      kind: "no-credits",
      canBuy: false,
      reason: expect.stringContaining("add-on of the Magician and Oracle plans"),
    });
    // Never "none left" to a parent who may never have bought any.
    const { reason } = videoPanelState({ video: null, videosLeft: 0, canBuy: true }) as { reason: string };
    expect(reason).not.toMatch(/no video clips left/i);
  });
});
