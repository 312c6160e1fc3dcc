import sharp, { type Sharp } from "sharp";

const toSharp = (image: Buffer | Sharp) => (Buffer.isBuffer(image) ? sharp(image) : image);

/**
 * A 64-bit difference hash (dHash) of the picture: near-identical photos (re-saved, resized,
 * lightly edited) have hashes a few bits apart.
 */
export async function perceptualHash(image: Buffer | Sharp): Promise<string> {
  const pixels = await toSharp(image).greyscale().resize(9, 8, { fit: "fill" }).raw().toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const left = pixels[row * 9 + column] ?? 0;
      const right = pixels[row * 9 + column + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, "0");
}

export function hammingDistance(a: string, b: string): number {
  let difference = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (difference > 0n) {
    bits += Number(difference & 1n);
    difference >>= 1n;
  }
  return bits;
}

/** Photos this many bits apart or closer are the same photo for training purposes. */
export const DUPLICATE_DISTANCE = 6;

/**
 * Sharpness as the variance of the Laplacian of the grey picture at a fixed size: in-focus photos
 * have strong edges (high variance), blurry ones do not.
 */
export async function sharpness(image: Buffer | Sharp): Promise<number> {
  const size = 416;
  const { data, info } = await toSharp(image)
    .greyscale()
    .resize(size, size, { fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const at = y * width + x;
      const laplacian =
        (data[at - 1] ?? 0) +
        (data[at + 1] ?? 0) +
        (data[at - width] ?? 0) +
        (data[at + width] ?? 0) -
        4 * (data[at] ?? 0);
      sum += laplacian;
      sumOfSquares += laplacian * laplacian;
      count++;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return Math.round(sumOfSquares / count - mean * mean);
}

/**
 * Below this, a photo is flagged as blurry (a hint, not a refusal). Measured on the 416 px analysis
 * copy of the test faces (which are enlarged crops, softer than phone photos): in focus 52–388, the
 * same with a 2 px Gaussian blur 9–45.
 */
export const BLURRY_BELOW = 40;
