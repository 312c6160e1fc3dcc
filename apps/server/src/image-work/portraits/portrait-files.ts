import { PORTRAIT_THUMBNAIL_WIDTH } from "@wonderkin/contract/rules";
import sharp from "sharp";
import { drawSvgOnce } from "../../lib/draw-svg-once";

/** The print file's resolution, the usual one for photo prints. */
export const PRINT_DPI = 300;
/** Bleed on each side: art that runs past the trim, so a print cut a little off has no white edge. */
export const PRINT_BLEED_MM = 3;
/** A4 (210 × 297 mm) plus the bleed on each side, at PRINT_DPI: 216 × 303 mm, 2551 × 3579 px. */
const pixelsFor = (millimetres: number) => Math.round((millimetres / 25.4) * PRINT_DPI);
export const PRINT_WIDTH = pixelsFor(210 + 2 * PRINT_BLEED_MM);
export const PRINT_HEIGHT = pixelsFor(297 + 2 * PRINT_BLEED_MM);

/**
 * The watermark's own small picture (the label, right-aligned, for the bottom-right corner): only
 * this strip is drawn, not the whole canvas, and once per width and label.
 */
async function watermarkFor(width: number, label: string) {
  const size = Math.round(width * 0.032);
  const escaped = label.replace(/[<>&"]/g, "");
  // Wide enough for the label in a bold sans-serif.
  const boxWidth = Math.min(width, Math.round(size * (escaped.length * 0.72 + 1)));
  const boxHeight = Math.round(size * 1.6);
  const png = await drawSvgOnce(
    `watermark-${width}-${label}`,
    () => `<svg width="${boxWidth}" height="${boxHeight}" xmlns="http://www.w3.org/2000/svg">
      <text x="${boxWidth}" y="${Math.round(size * 1.2)}" text-anchor="end" font-family="sans-serif" font-weight="700"
        font-size="${size}" fill="#ffffff" fill-opacity="0.78" stroke="#000000" stroke-opacity="0.25"
        stroke-width="${Math.max(1, Math.round(size / 18))}">${escaped}</text>
    </svg>`,
  );
  return { png, width: boxWidth, height: boxHeight };
}

export type PortraitFiles = { full: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * What we keep of a portrait the provider made: a JPEG (watermarked when the parent's plan has no
 * "no watermarks") and a small WebP for the gallery, both from one decoded copy of the pixels.
 * Re-encoded from pixels, so nothing the provider wrote into the file's metadata survives.
 */
export async function makePortraitFiles(
  output: Uint8Array,
  options: { watermark: string | null },
): Promise<PortraitFiles> {
  const { width = 0, height = 0 } = await sharp(output).metadata();
  if (width === 0 || height === 0) throw new Error("The provider's output is not an image");
  const upright = await sharp(output)
    .rotate()
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  let pixels = upright.data;
  if (options.watermark) {
    const mark = await watermarkFor(info.width, options.watermark);
    const pad = Math.round(info.width * 0.03);
    const box = {
      left: Math.max(0, info.width - pad - mark.width),
      top: Math.max(0, info.height - pad - mark.height),
      width: Math.min(mark.width, info.width),
      height: Math.min(mark.height, info.height),
    };
    // Only the corner under the label is blended and copied back: blending the whole picture (at
    // 5 MP for a local portrait) cost more than its JPEG.
    const corner = await sharp(pixels, raw)
      .extract(box)
      .composite([{ input: mark.png, left: 0, top: 0 }])
      .removeAlpha()
      .raw()
      .toBuffer();
    pixels = Buffer.from(pixels);
    const stride = info.width * info.channels;
    const rowBytes = box.width * info.channels;
    for (let row = 0; row < box.height; row++) {
      corner.copy(
        pixels,
        (box.top + row) * stride + box.left * info.channels,
        row * rowBytes,
        (row + 1) * rowBytes,
      );
    }
  }
  const [full, thumbnail] = await Promise.all([
    sharp(pixels, raw).jpeg({ quality: 90, optimiseCoding: true }).toBuffer(),
    sharp(pixels, raw)
      .resize({ width: PORTRAIT_THUMBNAIL_WIDTH })
      .webp({ quality: 78, effort: 2 })
      .toBuffer(),
  ]);
  return { full, thumbnail, width: info.width, height: info.height };
}

/**
 * A4 at 300 dpi with 3 mm bleed (2551 × 3579 px), as a JPEG that says 300 dpi. The portrait covers
 * the whole page rather than sitting on a margin or a band of its background colour: portraits are
 * full-bleed pictures (the local model's art and a provider's scene run to the edges), the bleed is
 * there so that picture runs off the trimmed edge, and flat bands above and below a 4:5 picture on
 * a taller page look unfinished. A4's taller shape costs ≈ 11 % of the width, taken evenly from both
 * sides, where a portrait has least to lose: the face is centred (the local model's circle spans
 * the middle 68 %, and providers are asked for centred close-ups). Upscaled with lanczos3, the
 * sharpest of sharp's filters (a 2048 × 2560 portrait by 1.4, a 1 MP provider output by ≈ 2.8).
 */
export async function makePrintFile(portrait: Uint8Array): Promise<Buffer> {
  return (
    sharp(portrait)
      .rotate()
      .removeAlpha()
      .toColourspace("srgb")
      .resize(PRINT_WIDTH, PRINT_HEIGHT, { fit: "cover", position: "centre", kernel: "lanczos3" })
      .withDensity(PRINT_DPI)
      // Full chroma: a print shows the colour edges that 4:2:0 softens.
      .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
      .toBuffer()
  );
}
