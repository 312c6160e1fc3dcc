import sharp from "sharp";

/** The long side of a reference photo sent to the preview model (FLUX.2 works at about 1 MP). */
const REFERENCE_LONG_SIDE = 1024;

/**
 * A photo as the preview model receives it: at most 1024 px on the long side, a plain JPEG. Small
 * enough to travel inside the request (no address of a child's photo is ever handed out), big
 * enough for the model to see the face.
 */
export function referenceCopy(photo: Buffer): Promise<Buffer> {
  return sharp(photo)
    .resize(REFERENCE_LONG_SIDE, REFERENCE_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
}
