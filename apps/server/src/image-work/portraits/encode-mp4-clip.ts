import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

/**
 * A portrait's clip as an MP4 that phones and messaging apps treat as a video (decision 0057):
 * H.264 Main profile, yuv420p, BT.709 limited range, no audio, the index (moov) written before the
 * pictures (faststart) so a player starts before the whole file has arrived. Encoded by the ffmpeg
 * that the @ffmpeg-installer packages carry inside their npm tarballs (nothing is downloaded at
 * install or run time), as a child process of an image-work thread, on one core.
 */

/** A hang detector, not a speed limit: 36 frames take about a second of one core. */
const ENCODE_TIMEOUT_MS = 120_000;

const require = createRequire(import.meta.url);

/**
 * Where the encoder is. Resolved on first use, so a platform without a binary (the package throws a
 * plain string there) fails the clip with a clear error rather than the process at start-up.
 */
export function ffmpegPath(): string {
  try {
    return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  } catch (error) {
    throw new Error(`No ffmpeg binary for this platform (@ffmpeg-installer/ffmpeg): ${String(error)}`);
  }
}

/** What ffmpeg is told: JPEG frames on stdin, one MP4 file out. */
function encoderArguments(fps: number, output: string): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error"],
    ...["-f", "image2pipe", "-c:v", "mjpeg", "-framerate", String(fps), "-i", "pipe:0"],
    // JPEG frames are full-range BT.601; players expect limited-range video, tagged BT.709.
    ...["-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"],
    ...["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"],
    // Main profile plays on every phone and messaging app; x264 picks the level from the size.
    ...["-c:v", "libx264", "-profile:v", "main", "-preset", "medium", "-crf", "20", "-threads", "1"],
    ...["-an", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact"],
    // The index first (a second pass over the file, which is why it is written to disk, not a pipe).
    ...["-movflags", "+faststart", "-f", "mp4", "-y", output],
  ];
}

function runEncoder(args: string[], frames: Uint8Array[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, {
      stdio: ["pipe", "ignore", "pipe"],
      timeout: ENCODE_TIMEOUT_MS,
    });
    let errorOutput = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      errorOutput = (errorOutput + chunk).slice(-2000);
    });
    // ffmpeg quitting early closes its stdin: the exit below reports why, not this EPIPE.
    child.stdin.on("error", () => {});
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${errorOutput.trim()}`));
    });
    (async () => {
      for (const frame of frames) {
        if (!child.stdin.write(frame)) await new Promise((drained) => child.stdin.once("drain", drained));
      }
      child.stdin.end();
    })().catch(() => child.kill());
  });
}

/**
 * The clip's frames (JPEGs of one size, as `renderVideoFrames` draws them) as one MP4 at `fps`
 * frames a second, with its frame size and count.
 */
export async function encodeMp4Clip(input: {
  frames: Uint8Array[];
  fps: number;
}): Promise<{ bytes: Uint8Array; width: number; height: number; frames: number }> {
  const [first] = input.frames;
  if (!first || input.frames.length < 2) throw new Error("A clip needs at least two frames");
  const { width = 0, height = 0 } = await sharp(first).metadata();
  // yuv420p halves the colour planes: odd sizes cannot be encoded (videoSize gives even ones).
  if (width % 2 !== 0 || height % 2 !== 0)
    throw new Error(`Clip frames must be even-sized: ${width}x${height}`);
  const folder = await mkdtemp(path.join(tmpdir(), "wonderkin-clip-"));
  try {
    const output = path.join(folder, "clip.mp4");
    await runEncoder(encoderArguments(input.fps, output), input.frames);
    return { bytes: await readFile(output), width, height, frames: input.frames.length };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
