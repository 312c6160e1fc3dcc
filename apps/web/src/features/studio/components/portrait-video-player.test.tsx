// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { PortraitVideo } from "@wonderkin/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PortraitVideoPlayer } from "./portrait-video-player";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clip = (contentType: string): PortraitVideo => ({
  id: "v1",
  imageId: "i1",
  status: "succeeded",
  progress: 100,
  url: `/api/media/clip.${contentType === "video/mp4" ? "mp4" : "webp"}?signature=s`,
  downloadUrl: null,
  contentType,
  width: 540,
  height: 720,
  frames: 36,
  durationMs: 3000,
  error: null,
  createdAt: "2026-11-28T10:00:00.000Z",
  completedAt: "2026-11-28T10:00:05.000Z",
});

function reducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce") }));
}

describe("PortraitVideoPlayer", () => {
  it("plays an MP4 in the browser's player: inline, silent, looping, with the portrait as poster", () => {
    reducedMotion(false);
    render(
      <PortraitVideoPlayer video={clip("video/mp4")} poster="/api/media/portrait.jpg" label="Mia, a video" />,
    );
    const video = screen.getByTestId("portrait-video") as HTMLVideoElement;
    expect(video.tagName).toBe("VIDEO");
    expect(video.getAttribute("aria-label")).toBe("Mia, a video");
    expect(video.getAttribute("src")).toBe("/api/media/clip.mp4?signature=s");
    expect(video.getAttribute("poster")).toBe("/api/media/portrait.jpg");
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(video.hasAttribute("loop")).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect([video.getAttribute("width"), video.getAttribute("height")]).toEqual(["540", "720"]);
  });

  it("does not start on its own for someone who asked for less motion", () => {
    reducedMotion(true);
    render(<PortraitVideoPlayer video={clip("video/mp4")} poster={null} label="Mia, a video" />);
    const video = screen.getByTestId("portrait-video") as HTMLVideoElement;
    expect(video.autoplay).toBe(false);
    expect(video.hasAttribute("poster")).toBe(false);
  });

  it("shows a clip made before MP4 (animated WebP) as a picture", () => {
    reducedMotion(false);
    render(<PortraitVideoPlayer video={clip("image/webp")} poster="/p.jpg" label="Mia, a video" />);
    const picture = screen.getByRole("img", { name: "Mia, a video" });
    expect(picture.getAttribute("src")).toBe("/api/media/clip.webp?signature=s");
  });
});
