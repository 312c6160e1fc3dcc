import type { StyleMotif } from "@wonderkin/contract";
import sharp from "sharp";

/**
 * The frames of a portrait's clip ("Create video", decision 0033), drawn locally with sharp: a
 * gentle zoom in and back out (so the loop has no seam) over the portrait, with the style's
 * particles — snow drifting down, bubbles rising, or sparkles twinkling — each fading in and out
 * over the loop, so the last frame runs into the first. Pure functions of plain data, run as image
 * tasks in the worker-thread pool.
 */

/** How far the zoom goes in at the middle of the loop. */
const ZOOM = 0.1;
const PARTICLES = 26;

export type VideoParticles = "snow" | "bubbles" | "sparkles";

/** The particles a style's clip gets, from its art's motif. */
export function particlesFor(motif: StyleMotif): VideoParticles {
  if (motif === "snow") return "snow";
  if (motif === "bubbles" || motif === "waves") return "bubbles";
  return "sparkles";
}

/** The clip's frame size: the portrait's shape, `longSide` pixels on its long side (even numbers). */
export function videoSize(width: number, height: number, longSide: number) {
  const scale = longSide / Math.max(width, height);
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** A small deterministic generator (mulberry32), so a clip is the same every time it is drawn. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Particle = { x: number; y: number; size: number; phase: number; sway: number; light: boolean };

function particlesOf(seed: number, width: number, height: number): Particle[] {
  const random = generator(seed);
  return Array.from({ length: PARTICLES }, () => ({
    x: random() * width,
    y: random() * height,
    size: 0.6 + random() * 0.9,
    phase: random(),
    sway: random() * Math.PI * 2,
    light: random() < 0.5,
  }));
}

const r1 = (value: number) => Math.round(value * 10) / 10;

function sparklePath(size: number): string {
  const k = r1(size * 0.2);
  const n = r1(size);
  return `M0,${-n} Q${k},${-k} ${n},0 Q${k},${k} 0,${n} Q${-k},${k} ${-n},0 Q${-k},${-k} 0,${-n}Z`;
}

/** One frame's particles as SVG, at loop time `t` in [0, 1). */
function particleLayer(options: {
  kind: VideoParticles;
  accent: string;
  particles: Particle[];
  t: number;
  width: number;
  height: number;
}): string {
  const { kind, accent, particles, t, width, height } = options;
  const unit = width / 100;
  const shapes = particles.map((particle) => {
    // Each particle lives once around the loop: it fades in, moves a little and fades out.
    const age = (t + particle.phase) % 1;
    const alpha = Math.sin(Math.PI * age) ** 1.5;
    const fill = particle.light ? "#ffffff" : accent;
    if (kind === "snow") {
      const x = particle.x + Math.sin(particle.sway + age * Math.PI * 2) * unit * 2;
      const y = particle.y + age * height * 0.16;
      const radius = unit * 0.9 * particle.size;
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(radius)}" fill="#ffffff" opacity="${r1(alpha * 0.9)}"/>`;
    }
    if (kind === "bubbles") {
      const x = particle.x + Math.sin(particle.sway + age * Math.PI * 2) * unit * 1.5;
      const y = particle.y - age * height * 0.2;
      const radius = unit * 2.2 * particle.size;
      return [
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(radius)}" fill="#ffffff" fill-opacity="${r1(alpha * 0.15)}" stroke="${fill}" stroke-opacity="${r1(alpha * 0.8)}" stroke-width="${r1(unit * 0.3)}"/>`,
        `<circle cx="${r1(x - radius * 0.35)}" cy="${r1(y - radius * 0.35)}" r="${r1(radius * 0.22)}" fill="#ffffff" opacity="${r1(alpha * 0.8)}"/>`,
      ].join("");
    }
    const x = particle.x + Math.cos(particle.sway) * age * unit * 3;
    const y = particle.y - age * unit * 4;
    const size = unit * 2 * particle.size * (0.6 + 0.4 * Math.sin(Math.PI * age));
    return `<path d="${sparklePath(size)}" transform="translate(${r1(x)} ${r1(y)})" fill="${fill}" opacity="${r1(alpha)}"/>`;
  });
  return `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${shapes.join("")}</svg>`;
}

export type VideoFramesInput = {
  portrait: Uint8Array;
  particles: VideoParticles;
  accent: string;
  seed: number;
  /** Frames `from` (inclusive) to `to` (exclusive) of `total`. */
  from: number;
  to: number;
  total: number;
  longSide: number;
};

/** Some frames of the clip, each a JPEG (encoded into the MP4 by `encodeMp4Clip`). */
export async function renderVideoFrames(input: VideoFramesInput): Promise<Uint8Array[]> {
  const { width: sourceWidth = 0, height: sourceHeight = 0 } = await sharp(input.portrait).metadata();
  if (sourceWidth === 0 || sourceHeight === 0) throw new Error("The portrait is not an image");
  const { width, height } = videoSize(sourceWidth, sourceHeight, input.longSide);
  // Drawn once a little larger than the frame, so every zoom step is a crop of it.
  const baseWidth = Math.round(width * (1 + ZOOM));
  const baseHeight = Math.round(height * (1 + ZOOM));
  const base = await sharp(input.portrait)
    .rotate()
    .resize(baseWidth, baseHeight, { fit: "cover", kernel: "lanczos3" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const particles = particlesOf(input.seed, width, height);
  const frames: Uint8Array[] = [];
  for (let index = input.from; index < input.to; index++) {
    const t = index / input.total;
    // In and back out: 1 → 1+ZOOM → 1 over the loop, eased at both ends.
    const zoom = 1 + (ZOOM * (1 - Math.cos(2 * Math.PI * t))) / 2;
    // The whole drawn picture at the ends of the loop, down to the frame's own size at the middle.
    const cropWidth = Math.min(base.info.width, Math.round(base.info.width / zoom));
    const cropHeight = Math.min(base.info.height, Math.round(base.info.height / zoom));
    // Centred across, a little above the middle down (where the face is in a portrait).
    const left = Math.round((base.info.width - cropWidth) / 2);
    const top = Math.round((base.info.height - cropHeight) * 0.4);
    const layer = particleLayer({ kind: input.particles, accent: input.accent, particles, t, width, height });
    const frame = await sharp(base.data, { raw: base.info })
      .extract({ left, top, width: cropWidth, height: cropHeight })
      .resize(width, height, { kernel: "lanczos3" })
      .composite([{ input: Buffer.from(layer) }])
      .jpeg({ quality: 90 })
      .toBuffer();
    frames.push(frame);
  }
  return frames;
}
