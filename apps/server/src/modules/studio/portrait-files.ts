import sharp from "sharp";

/** A4 at 300 dpi, portrait. */
export const PRINT_WIDTH = 2480;
export const PRINT_HEIGHT = 3508;
const THUMBNAIL_WIDTH = 480;

function watermarkSvg(width: number, height: number, label: string): Buffer {
  const size = Math.round(width * 0.032);
  const pad = Math.round(width * 0.03);
  const escaped = label.replace(/[<>&"]/g, "");
  return Buffer.from(
    `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
      <text x="${width - pad}" y="${height - pad}" text-anchor="end" font-family="sans-serif" font-weight="700"
        font-size="${size}" fill="#ffffff" fill-opacity="0.78" stroke="#000000" stroke-opacity="0.25"
        stroke-width="${Math.max(1, Math.round(size / 18))}">${escaped}</text>
    </svg>`,
  );
}

/**
 * What we keep of a portrait the provider made: a JPEG (watermarked when the parent's plan has no
 * "no watermarks") and a small WebP for the gallery. Re-encoded from pixels, so nothing the provider
 * wrote into the file's metadata survives.
 */
export async function makePortraitFiles(
  output: Uint8Array,
  options: { watermark: string | null },
): Promise<{ full: Buffer; thumbnail: Buffer; width: number; height: number }> {
  const source = sharp(output).rotate();
  const { width = 0, height = 0 } = await source.metadata();
  if (width === 0 || height === 0) throw new Error("The provider's output is not an image");
  const pixels = options.watermark
    ? await source
        .composite([{ input: watermarkSvg(width, height, options.watermark) }])
        .png()
        .toBuffer()
    : await source.png().toBuffer();
  const [full, thumbnail] = await Promise.all([
    sharp(pixels).jpeg({ quality: 90, mozjpeg: true }).toBuffer(),
    sharp(pixels).resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 78 }).toBuffer(),
  ]);
  return { full, thumbnail, width, height };
}

/** A4 at 300 dpi: the portrait as large as fits, centred on white with a printer-safe margin. */
export async function makePrintFile(portrait: Buffer): Promise<Buffer> {
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
