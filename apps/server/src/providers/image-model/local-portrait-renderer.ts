import { findStyle, portraitCircle, styleArtSvg } from "@wonderkin/contract";
import sharp from "sharp";

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
 * feathered circle, tinted lightly towards the style's accent and framed by a ring. The seed varies
 * the art and how the face is framed, so a regeneration looks different; same seed, same bytes.
 */
export async function renderLocalPortrait(input: {
  face: Buffer;
  styleId: string;
  seed: number;
}): Promise<Buffer> {
  const style = findStyle(input.styleId);
  if (!style) throw new Error(`Unknown style ${input.styleId}`);
  const width = LOCAL_PORTRAIT_WIDTH;
  const height = LOCAL_PORTRAIT_HEIGHT;
  const { cx, cy, r } = portraitCircle(width, height);
  const diameter = Math.round(r * 2);

  const background = await sharp(Buffer.from(styleArtSvg(style.art, { width, height, seed: input.seed })))
    .png()
    .toBuffer();

  // Zoom into the crop a little, by seed, and keep the face centred.
  const zoom = 1 + variation(input.seed, 1) * 0.14;
  const zoomed = Math.round(diameter * zoom);
  const offset = Math.round((zoomed - diameter) / 2);
  const tint = Buffer.from(
    `<svg width="${diameter}" height="${diameter}"><rect width="100%" height="100%" fill="${style.art.accent}" fill-opacity="0.16"/></svg>`,
  );
  const featheredCircle = Buffer.from(
    `<svg width="${diameter}" height="${diameter}"><defs><radialGradient id="f"><stop offset="0.9" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="${diameter / 2}" cy="${diameter / 2}" r="${diameter / 2}" fill="url(#f)"/></svg>`,
  );
  const face = await sharp(input.face)
    .resize(zoomed, zoomed)
    .extract({ left: offset, top: offset, width: diameter, height: diameter })
    .modulate({ saturation: 1.08, brightness: 1.02 })
    .composite([
      { input: tint, blend: "soft-light" },
      { input: featheredCircle, blend: "dest-in" },
    ])
    .png()
    .toBuffer();

  const ring = Buffer.from(
    `<svg width="${width}" height="${height}"><circle cx="${cx}" cy="${cy}" r="${r + 6}" fill="none" stroke="${style.art.accent}" stroke-width="12"/><circle cx="${cx}" cy="${cy}" r="${r + 15}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/></svg>`,
  );

  return sharp(background)
    .composite([
      { input: face, left: Math.round(cx - r), top: Math.round(cy - r) },
      { input: ring, left: 0, top: 0 },
    ])
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
}
