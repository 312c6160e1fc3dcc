import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { VIDEO_FPS, VIDEO_LONG_SIDE, VIDEO_SECONDS } from "@wonderkin/contract";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { parseByteRange } from "../../src/http/byte-range";
import { encodeMp4Clip, ffmpegPath } from "../../src/image-work/portraits/encode-mp4-clip";
import { renderVideoFrames } from "../../src/image-work/portraits/portrait-video-frames";
import { videoContentType } from "../../src/modules/studio/video-print/portrait-video-record";
import { describeMp4 } from "../support/mp4-boxes";

/**
 * The "Create video" clip is an MP4 that phones and messaging apps play (decision 0057): checked
 * in its boxes, as players read them, and decoded once by the encoder's own ffmpeg.
 */

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A portrait-shaped picture with detail (a flat colour would encode to nothing worth checking). */
async function portrait(width: number, height: number): Promise<Buffer> {
  const stripes = Array.from(
    { length: 12 },
    (_, index) =>
      `<rect x="${index * (width / 12)}" width="${width / 24}" height="${height}" fill="hsl(${index * 30},70%,55%)"/>`,
  ).join("");
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#234"/>${stripes}<circle cx="${width / 2}" cy="${height * 0.4}" r="${width / 5}" fill="#f3c9a0"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

async function clipOf(picture: Buffer) {
  const total = VIDEO_FPS * VIDEO_SECONDS;
  const frames = await renderVideoFrames({
    portrait: picture,
    particles: "sparkles",
    accent: "#ffe27a",
    seed: 7,
    from: 0,
    to: total,
    total,
    longSide: VIDEO_LONG_SIDE,
  });
  return encodeMp4Clip({ frames, fps: VIDEO_FPS });
}

describe("the MP4 clip", () => {
  it("is H.264 Main in an MP4 with its index first, the frames' size, 36 frames and 3 seconds", async () => {
    const clip = await clipOf(await portrait(768, 1024));
    const bytes = Buffer.from(clip.bytes);
    expect(clip).toMatchObject({ width: 540, height: 720, frames: VIDEO_FPS * VIDEO_SECONDS });

    // The file type first, as every player and upload check expects.
    expect(bytes.toString("latin1", 4, 8)).toBe("ftyp");
    const mp4 = describeMp4(bytes);
    expect(mp4.topLevel[0]).toBe("ftyp");
    expect(mp4.compatibleBrands).toContain("avc1");
    // Faststart: the index before the pictures, so playback starts before the whole file is in.
    expect(mp4.moovBeforeMdat).toBe(true);
    expect(mp4.codec).toBe("avc1");
    expect(mp4.profile).toBe(77);
    expect(mp4.sampleEntrySize).toEqual({ width: 540, height: 720 });
    expect(mp4.trackSize).toEqual({ width: 540, height: 720 });
    expect(mp4.frames).toBe(36);
    expect(mp4.durationMs).toBe(VIDEO_SECONDS * 1000);

    // A decoder reads it through without a complaint, as yuv420p.
    const folder = await mkdtemp(path.join(tmpdir(), "wonderkin-clip-test-"));
    folders.push(folder);
    const file = path.join(folder, "clip.mp4");
    await writeFile(file, bytes);
    const decoded = spawnSync(ffmpegPath(), ["-hide_banner", "-v", "error", "-i", file, "-f", "null", "-"], {
      encoding: "utf8",
    });
    expect(decoded.status, decoded.stderr).toBe(0);
    expect(decoded.stderr).toBe("");
    const probe = spawnSync(ffmpegPath(), ["-hide_banner", "-i", file], { encoding: "utf8" });
    expect(probe.stderr).toMatch(/Video: h264 \(Main\) \(avc1 \/ 0x31637661\), yuv420p\(tv, bt709/);
  }, 120_000);

  it("keeps a landscape portrait's shape and gives the same file for the same clip", async () => {
    const picture = await portrait(1200, 800);
    const [first, again] = [await clipOf(picture), await clipOf(picture)];
    expect(describeMp4(Buffer.from(first.bytes)).sampleEntrySize).toEqual({ width: 720, height: 480 });
    // A retried job stores the same bytes (no dates or encoder names in the file).
    expect(Buffer.compare(Buffer.from(first.bytes), Buffer.from(again.bytes))).toBe(0);
  }, 120_000);

  it("refuses too few frames or frames of an odd size", async () => {
    const odd = await sharp({ create: { width: 31, height: 20, channels: 3, background: "#abc" } })
      .jpeg()
      .toBuffer();
    await expect(encodeMp4Clip({ frames: [odd], fps: 12 })).rejects.toThrow(/at least two frames/);
    await expect(encodeMp4Clip({ frames: [odd, odd], fps: 12 })).rejects.toThrow(/even-sized/);
  });

  it("fails with what ffmpeg says when it refuses the job", async () => {
    const frame = await sharp({ create: { width: 32, height: 20, channels: 3, background: "#abc" } })
      .jpeg()
      .toBuffer();
    await expect(encodeMp4Clip({ frames: [frame, frame], fps: 0 })).rejects.toThrow(
      /ffmpeg failed \(exit 1\): .*video rate/,
    );
  });
});

describe("a clip's stored type", () => {
  it("is MP4, and clips made before it stay animated WebP", () => {
    expect(videoContentType("families/f/children/1/portraits/i-video-v.mp4")).toBe("video/mp4");
    expect(videoContentType("families/f/children/1/portraits/i-video-v.webp")).toBe("image/webp");
  });
});

describe("byte ranges of the media route", () => {
  it("reads one range, a suffix or an open end, and ignores what it may ignore", () => {
    expect(parseByteRange("bytes=0-1", 100)).toEqual({ start: 0, end: 1 });
    expect(parseByteRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseByteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange(undefined, 100)).toBeNull();
    expect(parseByteRange("bytes=5-2", 100)).toBeNull();
    expect(parseByteRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseByteRange("items=0-1", 100)).toBeNull();
    expect(parseByteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 100)).toBe("unsatisfiable");
  });
});
