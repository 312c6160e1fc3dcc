import { type GeneratedImage, STORYBOOK_MAX_PAGES } from "@wonderkin/contract";

/** A picture that can go in a book: finished, with its picture. */
export const isBookable = (image: GeneratedImage) => image.status === "succeeded" && image.url !== null;

/**
 * The pages a new book starts with: the favourites, in the gallery's order, up to the book's
 * maximum. The parent adds and removes from there.
 */
export function initialSelection(images: readonly GeneratedImage[]): string[] {
  return images
    .filter((image) => isBookable(image) && image.favourite)
    .slice(0, STORYBOOK_MAX_PAGES)
    .map(({ id }) => id);
}

/**
 * Adds a portrait at the end of the book, or takes it out; a full book takes no more (the
 * selection is returned unchanged).
 */
export function toggleSelection(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((entry) => entry !== id);
  if (selected.length >= STORYBOOK_MAX_PAGES) return [...selected];
  return [...selected, id];
}

/** Moves a page one place earlier (-1) or later (+1) in the book; the ends stay put. */
export function movePage(selected: readonly string[], id: string, by: -1 | 1): string[] {
  const from = selected.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= selected.length) return [...selected];
  const next = [...selected];
  [next[from], next[to]] = [next[to] as string, next[from] as string];
  return next;
}
