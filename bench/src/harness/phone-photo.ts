import sharp from "sharp";

/** A phone's 12-megapixel photo, as the photo benchmarks measure one. */
export const PHONE_LONG_SIDE = 4000;
export const PHONE_SHORT_SIDE = 3000;

/**
 * A picture as a phone sends it: 12 megapixels with camera and GPS EXIF (which the pipeline must
 * strip), landscape or upright, optionally mirrored.
 */
export function phoneSizedPhoto(
  picture: Buffer,
  options: { orientation?: "landscape" | "upright"; mirrored?: boolean } = {},
): Promise<Buffer> {
  const upright = options.orientation === "upright";
  return sharp(picture)
    .flop(options.mirrored ?? false)
    .resize(upright ? PHONE_SHORT_SIDE : PHONE_LONG_SIDE, upright ? PHONE_LONG_SIDE : PHONE_SHORT_SIDE, {
      fit: "cover",
      kernel: "cubic",
    })
    .withExif({
      IFD0: { Make: "BenchCam", Model: "Phone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}
