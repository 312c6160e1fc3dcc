import type { GeneratedImage } from "@wonderkin/contract";
import { isActive } from "./gallery";

/**
 * The batch in progress: the portraits still being made, plus those finished or failed since the
 * oldest of them was asked for, so "4 portraits on the way — 1 ready" still counts the ready one.
 * It is read from the server's own timestamps rather than remembered by the page, so a reload, a
 * second tab or a regeneration asked for mid-batch all agree. Empty when nothing is being made.
 */
export function currentBatch<Image extends Pick<GeneratedImage, "status" | "createdAt" | "completedAt">>(
  images: readonly Image[],
): Image[] {
  const active = images.filter(isActive);
  if (active.length === 0) return [];
  const since = Math.min(...active.map((image) => Date.parse(image.createdAt)));
  return images.filter((image) => {
    if (isActive(image)) return true;
    if (!image.completedAt) return false;
    return Date.parse(image.completedAt) >= since;
  });
}
