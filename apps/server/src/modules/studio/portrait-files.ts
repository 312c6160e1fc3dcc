import sharp from "sharp";
import { drawSvgOnce } from "../../lib/draw-svg-once";

/** A4 at 300 dpi, portrait. */
export const PRINT_WIDTH = 2480;
export const PRINT_HEIGHT = 3508;
const THUMBNAIL_WIDTH = 480;

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
    pixels = await sharp(pixels, raw)
      .composite([
        {
          input: mark.png,
          left: Math.max(0, info.width - pad - mark.width),
          top: Math.max(0, info.height - pad - mark.height),
        },
      ])
      .removeAlpha()
      .raw()
      .toBuffer();
  }
  const [full, thumbnail] = await Promise.all([
    sharp(pixels, raw).jpeg({ quality: 90, optimiseCoding: true }).toBuffer(),
    sharp(pixels, raw).resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 78, effort: 2 }).toBuffer(),
  ]);
  return { full, thumbnail, width: info.width, height: info.height };
}

/** A4 at 300 dpi: the portrait as large as fits, centred on white with a printer-safe margin. */
export async function makePrintFile(portrait: Uint8Array): Promise<Buffer> {
  const margin = Math.round(PRINT_WIDTH * 0.06);
  const fitted = await sharp(portrait)
    .resize(PRINT_WIDTH - 2 * margin, PRINT_HEIGHT - 2 * margin, { fit: "inside", kernel: "lanczos3" })
    .toBuffer({ resolveWithObject: true });
  return sharp({
    create: { width: PRINT_WIDTH, height: PRINT_HEIGHT, channels: 3, background: "#ffffff" },
  })
    .composite([
      {
        input: fitted.data,
        left: Math.round((PRINT_WIDTH - fitted.info.width) / 2),
        top: Math.round((PRINT_HEIGHT - fitted.info.height) / 2),
      },
    ])
    .withMetadata({ density: 300 })
    .jpeg({ quality: 92 })
    .toBuffer();
}
