/**
 * Euclidean distance between two face descriptors (128 numbers from the face-recognition network):
 * small for the same person (docs/decisions/0028). In image-work so that a portrait's faces can be
 * compared where they are described, in the image threads.
 */
export function faceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += ((a[index] ?? 0) - (b[index] ?? 0)) ** 2;
  return Math.sqrt(sum);
}
