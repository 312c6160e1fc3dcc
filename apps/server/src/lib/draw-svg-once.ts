import sharp from "sharp";

/** Small pictures drawn from SVG (masks, tints, rings, watermarks), keyed by all they depend on. */
const drawn = new Map<string, Promise<Buffer>>();

/**
 * The SVG rasterised to PNG, once per key and process (per thread, in the image-work pool):
 * rasterising is the costly part of small overlays, and their keys are few (styles × sizes).
 */
export function drawSvgOnce(key: string, svg: () => string): Promise<Buffer> {
  let png = drawn.get(key);
  if (!png) {
    png = sharp(Buffer.from(svg())).png({ compressionLevel: 1 }).toBuffer();
    png.catch(() => drawn.delete(key));
    // A bound only guards against an unexpected caller with ever-new keys.
    if (drawn.size > 512) drawn.clear();
    drawn.set(key, png);
  }
  return png;
}
