import type { FaceBox } from "@wonderkin/contract";

/**
 * Where a photo's face box falls in a square tile that shows the photo cropped to fill it (CSS
 * `object-cover`, centred), in percent of the tile; null when the face is cut off by the crop.
 */
export function faceOutlineInSquare(
  box: FaceBox,
  photo: { width: number; height: number },
): { left: number; top: number; width: number; height: number } | null {
  const aspect = photo.width / photo.height;
  // The photo's displayed size in tile sides, and how much of it overflows each side.
  const shownWidth = Math.max(1, aspect);
  const shownHeight = Math.max(1, 1 / aspect);
  const left = box.x * shownWidth - (shownWidth - 1) / 2;
  const top = box.y * shownHeight - (shownHeight - 1) / 2;
  const width = box.width * shownWidth;
  const height = box.height * shownHeight;
  if (left < -0.01 || top < -0.01 || left + width > 1.01 || top + height > 1.01) return null;
  const percent = (value: number) => Math.round(value * 1000) / 10;
  return { left: percent(left), top: percent(top), width: percent(width), height: percent(height) };
}
