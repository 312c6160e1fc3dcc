import { PORTRAIT_TILE_SIZES, portraitPictureUrl, portraitSrcSet } from "@wonderkin/contract/rules";

/**
 * How many of a page's first pictures are fetched at once and first: one of them is the page's
 * largest paint (the studio's first previews and portraits, decision 0064). The server preloads the
 * same ones with the page; the rest load lazily as they come into view.
 */
export const FIRST_PICTURES = 2;

/** An <img>'s loading attributes: a first picture at once, high priority and without the fade. */
export function pictureLoading(first: boolean) {
  return first ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
}
