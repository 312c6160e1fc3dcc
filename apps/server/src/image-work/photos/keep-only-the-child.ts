import { PHOTO_MIN_SHORT_SIDE } from "@wonderkin/contract";
import sharp from "sharp";

type Box = { x: number; y: number; width: number; height: number };

/**
 * The crop's side in face sizes: the head, the hair and the shoulders, as a portrait of one child
 * would frame them (the training crops take 1.9 face sizes of it, crop-face.ts).
 */
const CROP_FACE_SIZES = 3.2;
/** Another person's blurred region around their face box: the hair, the ears, the chin. */
const OTHER_FACE_COVER = 1.7;
/** The child's own face is never blurred: their face box widened by this much is kept sharp. */
const CHILD_FACE_KEEP = 1.15;
/**
 * How coarse the blur is: another face is left this many blocks across (the crop is shrunk so that
 * the smallest face blurred is, then blown up and smoothed): its average colours and nothing a
 * person or a face network can recognise.
 */
const BLOCKS_PER_FACE = 2.5;

const ellipse = (box: Box, scale: number, fill: string) =>
  `<ellipse cx="${box.x + box.width / 2}" cy="${box.y + box.height / 2}" rx="${(box.width * scale) / 2}" ry="${(box.height * scale) / 2}" fill="${fill}"/>`;

/**
 * What is kept of a photo that shows other people besides the child: a square around the child's
 * face (head and shoulders, at the photo's own resolution, at least the minimum photo size), with
 * every other face in it blurred beyond recognition. Boxes are in pixels of the analysis copy
 * (`analysisSize`); `bytes` is the normalised photo. Returns a JPEG, and where the child's face box
 * is in it (fractions of its side); the original is not kept.
 */
export async function keepOnlyTheChild(
  bytes: Buffer,
  options: { analysisSize: { width: number; height: number }; child: Box; others: Box[] },
): Promise<{ bytes: Buffer; child: Box }> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const scale = width / options.analysisSize.width;
  const toPhoto = (box: Box): Box => ({
    x: box.x * scale,
    y: box.y * scale,
    width: box.width * scale,
    height: box.height * scale,
  });
  const child = toPhoto(options.child);
  const side = Math.round(
    Math.min(
      Math.max(Math.max(child.width, child.height) * CROP_FACE_SIZES, PHOTO_MIN_SHORT_SIDE),
      width,
      height,
    ),
  );
  // The face a little above the middle: more shoulders than sky, as in a portrait.
  const centreX = child.x + child.width / 2;
  const centreY = child.y + child.height * 0.62;
  const left = Math.round(Math.min(Math.max(centreX - side / 2, 0), width - side));
  const top = Math.round(Math.min(Math.max(centreY - side / 2, 0), height - side));
  const inCrop = (box: Box): Box => ({ ...box, x: box.x - left, y: box.y - top });

  const crop = await sharp(bytes)
    .extract({ left, top, width: side, height: side })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: side, height: side, channels: crop.info.channels } };
  const others = options.others.map((box) => inCrop(toPhoto(box)));
  const smallest = Math.min(side, ...others.map((box) => Math.max(box.width, box.height)));
  const block = Math.max(2, smallest / BLOCKS_PER_FACE);
  const grid = Math.max(2, Math.round(side / block));
  const blurred = await sharp(
    await sharp(crop.data, raw)
      .resize(grid, grid, { kernel: "cubic" })
      .resize(side, side, { kernel: "cubic" })
      .raw()
      .toBuffer(),
    raw,
  )
    .blur(Math.max(0.3, block / 3))
    .raw()
    .toBuffer();
  // White where another face is, black where the child's is (drawn last, so it always wins).
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="100%" height="100%" fill="#000"/>${others
      .map((box) => ellipse(box, OTHER_FACE_COVER, "#fff"))
      .join("")}${ellipse(inCrop(child), CHILD_FACE_KEEP, "#000")}</svg>`,
  );
  const alpha = await sharp(mask).extractChannel(0).raw().toBuffer();
  const blurredOthers = await sharp(blurred, raw)
    .joinChannel(alpha, { raw: { width: side, height: side, channels: 1 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const kept = sharp(crop.data, raw).composite([{ input: blurredOthers }]);
  const inSquare = inCrop(child);
  const childBox = {
    x: inSquare.x / side,
    y: inSquare.y / side,
    width: inSquare.width / side,
    height: inSquare.height / side,
  };
  if (side >= PHOTO_MIN_SHORT_SIDE)
    return { bytes: await kept.jpeg({ quality: 90 }).toBuffer(), child: childBox };
  // sharp resizes before it composites: the composited square is enlarged in a second pass.
  const enlarged = await sharp(await kept.raw().toBuffer(), raw)
    .resize(PHOTO_MIN_SHORT_SIDE, PHOTO_MIN_SHORT_SIDE)
    .jpeg({ quality: 90 })
    .toBuffer();
  return { bytes: enlarged, child: childBox };
}
