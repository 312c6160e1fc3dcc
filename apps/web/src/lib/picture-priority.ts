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

/**
 * A portrait tile's picture: the thumbnail, with the full picture offered to screens that show the
 * tile wider than the thumbnail in device pixels (decision 0065). The server preloads the first
 * ones with the same srcset and sizes.
 */
export function tilePicture(image: { url: string | null; width: number | null }) {
  return {
    src: image.url ? portraitPictureUrl(image.url, "thumbnail") : "",
    srcSet: portraitSrcSet(image),
    sizes: PORTRAIT_TILE_SIZES,
  };
}
