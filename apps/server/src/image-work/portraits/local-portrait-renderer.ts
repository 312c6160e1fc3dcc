import { findStyle } from "@wonderkin/contract";
import sharp from "sharp";
import { portraitCircle } from "../../art/style-art";
import { drawSvgOnce } from "../../lib/draw-svg-once";
import { ART_LAYOUTS_PER_STYLE, styleArtRaster } from "./style-art-cache";

/** "#rrggbb" as channels. */
function hexColour(hex: string): { r: number; g: number; b: number } {
  const value = Number.parseInt(hex.replace(/^#/, "").slice(0, 6), 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

const masks = new Map<number, Promise<Buffer>>();

/** The face's soft-edged circle as one 8-bit alpha channel, drawn once per size (per thread). */
function featherMask(diameter: number): Promise<Buffer> {
  let mask = masks.get(diameter);
  if (!mask) {
    const svg = `<svg width="${diameter}" height="${diameter}"><defs><radialGradient id="f"><stop offset="0.9" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="${diameter / 2}" cy="${diameter / 2}" r="${diameter / 2}" fill="url(#f)"/></svg>`;
    mask = sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer();
    mask.catch(() => masks.delete(diameter));
    // A bound only guards against an unexpected caller with ever-new sizes.
    if (masks.size > 16) masks.clear();
    masks.set(diameter, mask);
  }
  return mask;
}

/**
 * The local model's portraits: 4:5 like the provider's, and large enough for an A4 print (2048 ×
 * 2560 is ≈ 220 dpi on A4's 210 mm; the print file upscales it the rest of the way, print-file.ts).
 */
export const LOCAL_PORTRAIT_WIDTH = 2048;
export const LOCAL_PORTRAIT_HEIGHT = 2560;

/** A number in [0, 1) from a seed and a salt: the same inputs always give the same variation. */
function variation(seed: number, salt: number): number {
  let x = (seed ^ (salt * 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * Composes the child's face crop into the style's art: the art's calm centre holds the face in a
 * feathered circle, tinted lightly towards the style's accent and framed by a ring. The seed picks
 * the art's layout and how the face is framed, so a regeneration looks different; same seed, same
 * bytes. The art and the small overlays are drawn once and cached (style-art-cache.ts); the face
 * travels between steps as raw pixels, never re-encoded, and the output is a PNG without deflate
 * (at 5 MP it encodes and decodes in ≈ 10–20 ms where the fastest deflate takes ≈ 60): the one
 * lossy encode happens when the portrait is stored.
 */
export async function renderLocalPortrait(input: {
  face: Uint8Array;
  styleId: string;
  seed: number;
  /** Where drawn art is kept across threads and restarts (null: memory only). */
  artCacheDir?: string | null;
  /** Another 4:5 size (a test's stand-in for a provider's native output); default the local model's. */
  size?: { width: number; height: number };
}): Promise<Buffer> {
  const style = findStyle(input.styleId);
  if (!style) throw new Error(`Unknown style ${input.styleId}`);
  const width = input.size?.width ?? LOCAL_PORTRAIT_WIDTH;
  const height = input.size?.height ?? LOCAL_PORTRAIT_HEIGHT;
  const { cx, cy, r } = portraitCircle(width, height);
  const diameter = Math.round(r * 2);
  const accent = style.art.accent;
  // The ring's strokes were designed at 1024 px wide; they scale with the picture.
  const unit = width / 1024;
  const ringInner = Math.round(6 * unit);
  const ringOuter = Math.round(15 * unit);
  const ringPad = Math.round(20 * unit);

  const background = await styleArtRaster(style.art, {
    styleId: style.id,
    width,
    height,
    layoutSeed: 1 + Math.floor(variation(input.seed, 2) * ART_LAYOUTS_PER_STYLE),
    cacheDir: input.artCacheDir ?? null,
  });

  // Zoom into the crop a little, by seed, and keep the face centred.
  const zoom = 1 + variation(input.seed, 1) * 0.14;
  const zoomed = Math.round(diameter * zoom);
  const offset = Math.round((zoomed - diameter) / 2);
  // The colour work (a lift and the accent's soft-light tint) runs on the small crop, before it is
  // scaled up: the same picture as doing it after, at a tenth of the pixels.
  const source = await sharp(input.face).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const coloured = await sharp(source.data, { raw: source.info })
    .modulate({ saturation: 1.08, brightness: 1.02 })
    .composite([
      {
        input: {
          create: {
            width: source.info.width,
            height: source.info.height,
            channels: 4,
            background: { ...hexColour(accent), alpha: 0.16 },
          },
        },
        blend: "soft-light",
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [scaled, mask, ring] = await Promise.all([
    sharp(coloured.data, { raw: coloured.info })
      .resize(zoomed, zoomed)
      .extract({ left: offset, top: offset, width: diameter, height: diameter })
      .raw()
      .toBuffer({ resolveWithObject: true }),
    featherMask(diameter),
    // Only the ring's square is drawn, not the whole canvas: a tenth of the pixels.
    drawSvgOnce(`ring-${accent}-${r}-${unit}`, () => {
      const side = 2 * (r + ringPad);
      const c = side / 2;
      return `<svg width="${side}" height="${side}"><circle cx="${c}" cy="${c}" r="${r + ringInner}" fill="none" stroke="${accent}" stroke-width="${12 * unit}"/><circle cx="${c}" cy="${c}" r="${r + ringOuter}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${3 * unit}"/></svg>`;
    }),
  ]);
  // The feathered circle becomes the face's alpha channel (a join, not a blend).
  const face = await sharp(scaled.data, { raw: scaled.info })
    .joinChannel(mask, { raw: { width: diameter, height: diameter, channels: 1 } })
    .raw()
    .toBuffer({ resolveWithObject: true });

  return sharp(background.data, {
    raw: { width: background.width, height: background.height, channels: background.channels },
  })
    .composite([
      {
        input: face.data,
        raw: { width: face.info.width, height: face.info.height, channels: face.info.channels },
        left: Math.round(cx - r),
        top: Math.round(cy - r),
      },
      { input: ring, left: Math.round(cx - r - ringPad), top: Math.round(cy - r - ringPad) },
    ])
    .removeAlpha()
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
}
