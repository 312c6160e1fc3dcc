import sharp from "sharp";
import type { DetectedFace } from "../faces/face-detector";
import type { RawImage } from "./process-photo";

/** The square hashed around a face: 1.5 × the face box takes in the hair line and some background. */
const CROP_SCALE = 1.5;
/** pHash: a 32 × 32 grey copy, of whose DCT the 8 × 8 lowest frequencies make 64 bits. */
const SAMPLE = 32;
const KEPT = 8;
/** A near-copy may be turned a little: the new photo is hashed turned back by these angles too. */
const TURNS = [-6, -3, 0, 3, 6];

/**
 * The hash stored with a photo, and the hashes a new photo is compared by (itself, turned back and
 * mirrored): a stored photo matches a new one when its hash is close to any of the lookalikes.
 */
export type FaceHashes = { hash: string; lookalikes: string[] };

const cosines = Array.from({ length: KEPT }, (_, frequency) =>
  Array.from({ length: SAMPLE }, (_, at) => Math.cos((Math.PI * (at + 0.5) * frequency) / SAMPLE)),
);

/** The 8 × 8 lowest frequencies of the 2-D DCT of a 32 × 32 grey picture. */
function lowFrequencies(pixels: Uint8Array): number[] {
  const rows = Array.from({ length: SAMPLE }, (_, y) =>
    cosines.map((cosine) =>
      cosine.reduce((sum, weight, x) => sum + weight * (pixels[y * SAMPLE + x] ?? 0), 0),
    ),
  );
  const out: number[] = [];
  for (let v = 0; v < KEPT; v++) {
    for (let u = 0; u < KEPT; u++) {
      out.push((cosines[v] ?? []).reduce((sum, weight, y) => sum + weight * (rows[y]?.[u] ?? 0), 0));
    }
  }
  return out;
}

/** pHash (Zauner 2010, as pHash.org and sharp-phash): each frequency above the median is a 1. */
async function phash(
  crop: Buffer,
  options: { side: number; turn: number; mirror: boolean },
): Promise<string> {
  let image = sharp(crop);
  if (options.mirror) image = image.flop();
  // Turned on a grey ground, then cut back to the middle so the corners it adds are not hashed.
  const turned = await image
    .rotate(options.turn, { background: "#808080" })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { side } = options;
  const pixels = await sharp(turned.data)
    .extract({
      left: Math.floor((turned.info.width - side) / 2),
      top: Math.floor((turned.info.height - side) / 2),
      width: side,
      height: side,
    })
    .greyscale()
    .normalise()
    .resize(SAMPLE, SAMPLE, { fit: "fill" })
    .raw()
    .toBuffer();
  const frequencies = lowFrequencies(pixels);
  // The first (DC) term is the mean brightness: left out of the median, as in pHash.
  const median =
    [...frequencies.slice(1)].sort((a, b) => a - b)[Math.floor((frequencies.length - 1) / 2)] ?? 0;
  let bits = 0n;
  for (const value of frequencies) bits = (bits << 1n) | (value > median ? 1n : 0n);
  return bits.toString(16).padStart(16, "0");
}

/**
 * The perceptual hashes of the face in a photo's analysis copy (decision 0055): a pHash of the grey,
 * contrast-stretched square around the face, so the framing (crops, padding, zoom) and the exposure
 * (brighter, darker) of a copy do not count. `lookalikes` are the same face mirrored and turned
 * back by up to 6°: a copy that was flipped or straightened matches one of them. A head turned
 * further, or another place behind it, changes the hash: that is a different moment.
 */
export async function faceHashes(
  analysis: RawImage,
  face: Pick<DetectedFace, "x" | "y" | "width" | "height">,
): Promise<FaceHashes> {
  const { width, height, channels } = analysis.info;
  const side = Math.round(Math.max(face.width, face.height) * CROP_SCALE);
  const left = Math.round(face.x + face.width / 2 - side / 2);
  const top = Math.round(face.y + face.height / 2 - side / 2);
  // Beyond the picture's edge the square is filled with grey, so a face near an edge stays centred.
  const pad = side;
  // Two pipelines: within one, sharp cuts (extract) before it pads (extend).
  const padded = await sharp(analysis.data, { raw: { width, height, channels } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: "#808080" })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const crop = await sharp(padded)
    .extract({ left: left + pad, top: top + pad, width: side, height: side })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const hash = await phash(crop, { side, turn: 0, mirror: false });
  const lookalikes = await Promise.all(
    [false, true].flatMap((mirror) => TURNS.map((turn) => phash(crop, { side, turn, mirror }))),
  );
  return { hash, lookalikes };
}
