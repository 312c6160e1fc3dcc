/**
 * Draws a photo into a region of the portrait through an inverse mapping, with bilinear sampling:
 * the similarity transform (rotation, scale, shift) that puts the child's eyes where the costume
 * expects them. Done in plain code on raw pixels because only the face's box is drawn (a few
 * hundred thousand pixels, ≈ 10 ms), and the mapping then is exactly the geometry's, with no
 * canvas growth or rounding from a library's rotate to account for.
 */

export type RawImage = { data: Buffer; width: number; height: number; channels: number };

/**
 * Samples `source` for every pixel of a `width` × `height` region: `sourceOf(x, y)` gives the
 * source position of the region's pixel centre (x + 0.5, y + 0.5). Pixels that fall outside the
 * source are transparent. The result is RGBA.
 */
export function warpInto(
  source: RawImage,
  region: { width: number; height: number },
  sourceOf: (x: number, y: number) => { x: number; y: number },
): RawImage {
  const { width, height } = region;
  const out = Buffer.alloc(width * height * 4);
  const { data, channels } = source;
  const sw = source.width;
  const sh = source.height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = sourceOf(x + 0.5, y + 0.5);
      // Pixel centres are at +0.5: shift so that integer coordinates address pixel centres.
      const sx = at.x - 0.5;
      const sy = at.y - 0.5;
      if (sx < 0 || sy < 0 || sx > sw - 1 || sy > sh - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(x0 + 1, sw - 1);
      const y1 = Math.min(y0 + 1, sh - 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * sw + x0) * channels + c] as number;
        const b = data[(y0 * sw + x1) * channels + c] as number;
        const d = data[(y1 * sw + x0) * channels + c] as number;
        const e = data[(y1 * sw + x1) * channels + c] as number;
        out[o + c] = Math.round((a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy);
      }
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height, channels: 4 };
}
