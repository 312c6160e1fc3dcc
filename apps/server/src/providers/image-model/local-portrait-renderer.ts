import { findStyle, portraitCircle } from "@wonderkin/contract";
import sharp from "sharp";
import { drawSvgOnce } from "../../lib/draw-svg-once";
import { ART_LAYOUTS_PER_STYLE, styleArtRaster } from "./style-art-cache";

/** The local model's portraits: 4:5, like the provider's. */
export const LOCAL_PORTRAIT_WIDTH = 1024;
export const LOCAL_PORTRAIT_HEIGHT = 1280;

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
 * bytes. The art and the small overlays are drawn once and cached (style-art-cache.ts), and the
 * output is a fast lossless PNG: the one lossy encode happens when the portrait is stored.
 */
export async function renderLocalPortrait(input: {
  face: Uint8Array;
  styleId: string;
  seed: number;
  /** Where drawn art is kept across threads and restarts (null: memory only). */
  artCacheDir?: string | null;
}): Promise<Buffer> {
  const style = findStyle(input.styleId);
  if (!style) throw new Error(`Unknown style ${input.styleId}`);
  const width = LOCAL_PORTRAIT_WIDTH;
  const height = LOCAL_PORTRAIT_HEIGHT;
  const { cx, cy, r } = portraitCircle(width, height);
  const diameter = Math.round(r * 2);
  const accent = style.art.accent;

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
  const [tint, featheredCircle, ring] = await Promise.all([
    drawSvgOnce(
      `tint-${accent}-${diameter}`,
      () =>
        `<svg width="${diameter}" height="${diameter}"><rect width="100%" height="100%" fill="${accent}" fill-opacity="0.16"/></svg>`,
    ),
    drawSvgOnce(
      `feather-${diameter}`,
      () =>
        `<svg width="${diameter}" height="${diameter}"><defs><radialGradient id="f"><stop offset="0.9" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="${diameter / 2}" cy="${diameter / 2}" r="${diameter / 2}" fill="url(#f)"/></svg>`,
    ),
    // Only the ring's square is drawn, not the whole canvas: a tenth of the pixels.
    drawSvgOnce(`ring-${accent}-${r}`, () => {
      const side = 2 * (r + 20);
      const c = side / 2;
      return `<svg width="${side}" height="${side}"><circle cx="${c}" cy="${c}" r="${r + 6}" fill="none" stroke="${accent}" stroke-width="12"/><circle cx="${c}" cy="${c}" r="${r + 15}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/></svg>`;
    }),
  ]);
  const face = await sharp(input.face)
    .resize(zoomed, zoomed)
    .extract({ left: offset, top: offset, width: diameter, height: diameter })
    .modulate({ saturation: 1.08, brightness: 1.02 })
    .composite([
      { input: tint, blend: "soft-light" },
      { input: featheredCircle, blend: "dest-in" },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();

  return sharp(background.data, {
    raw: { width: background.width, height: background.height, channels: background.channels },
  })
    .composite([
      { input: face, left: Math.round(cx - r), top: Math.round(cy - r) },
      { input: ring, left: Math.round(cx - r - 20), top: Math.round(cy - r - 20) },
    ])
    .removeAlpha()
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}
