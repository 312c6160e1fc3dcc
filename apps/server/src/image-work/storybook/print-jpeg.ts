import sharp from "sharp";
import { type Box, PRINT_DPI } from "./print-sheet";

/**
 * Of the height a crop must lose, the share taken from the top: a portrait's head (and its hat or
 * crown) sits in its upper half, so the crop keeps more of the top and loses more of the body.
 */
const SHARE_CUT_FROM_TOP = 0.3;

/** The largest region of the picture with the box's shape, centred across and biased upward. */
function coverCrop(source: { width: number; height: number }, aspect: number) {
  if (source.width / source.height > aspect) {
    const width = Math.min(source.width, Math.round(source.height * aspect));
    return { left: Math.round((source.width - width) / 2), top: 0, width, height: source.height };
  }
  const height = Math.min(source.height, Math.round(source.width / aspect));
  return {
    left: 0,
    top: Math.round((source.height - height) * SHARE_CUT_FROM_TOP),
    width: source.width,
    height,
  };
}

const printPixels = (points: number) => Math.round((points / 72) * PRINT_DPI);

/**
 * The picture resampled to exactly PRINT_DPI at the size it is printed (no more pixels than the
 * printer uses, none fewer), cropped rather than stretched to the box's shape, as an sRGB JPEG.
 */
export async function printJpeg(picture: Uint8Array, box: Box): Promise<Uint8Array> {
  const [width, height] = [printPixels(box.width), printPixels(box.height)];
  const { autoOrient } = await sharp(picture).metadata();
  return (
    sharp(picture)
      .autoOrient()
      .extract(coverCrop(autoOrient, width / height))
      .resize(width, height, { fit: "fill", kernel: "lanczos3" })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .withDensity(PRINT_DPI)
      // Full chroma, as the print file: a print shows the colour edges that 4:2:0 softens.
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
      .toBuffer()
  );
}
