import { findStyle, type GeneratedImage } from "@wonderkin/contract";

/** A style's title, or a plain word for a style no longer in the catalogue. */
export function styleTitle(styleId: string): string {
  return findStyle(styleId)?.title ?? "Portrait";
}

/** Where a portrait in the making is, in a few words. */
export function portraitProgressWords(image: Pick<GeneratedImage, "status" | "progress">): string {
  if (image.status === "pending" && image.progress === 0) return "Waiting its turn…";
  if (image.progress < 70) return "Painting…";
  return "Adding the sparkle…";
}

/** "4 portraits on the way", "1 portrait on the way". */
export function onTheWayWords(count: number): string {
  return `${count} ${count === 1 ? "portrait" : "portraits"} on the way`;
}
