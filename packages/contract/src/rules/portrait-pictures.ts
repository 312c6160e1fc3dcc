/**
 * A portrait's picture comes in sizes behind one signed address (decision 0065): the API answers
 * one address per portrait, and the web app and the server's preloads build each size from it the
 * same way. Plain functions, so pages without zod can use them.
 */

/** The width of a portrait's thumbnail (its height follows the picture's shape). */
export const PORTRAIT_THUMBNAIL_WIDTH = 480;

export type PortraitPictureSize = "thumbnail" | "full";

/** The one address with a parameter the signature does not cover added. */
const withParameter = (url: string, name: string, value: string) =>
  `${url}${url.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;

/** The portrait's picture at a size, from its one signed address (the size is not signed). */
export function portraitPictureUrl(url: string, size: PortraitPictureSize): string {
  return size === "full" ? url : withParameter(url, "size", size);
}

/**
 * The `srcset` of a portrait's picture on a wider screen: its thumbnail, and the full picture where
 * the tile is wider than the thumbnail in device pixels (a tablet, a desktop at 2×).
 */
export function portraitSrcSet(image: { url: string | null; width: number | null }): string | undefined {
  if (!image.url) return undefined;
  const thumbnail = `${portraitPictureUrl(image.url, "thumbnail")} ${PORTRAIT_THUMBNAIL_WIDTH}w`;
  return image.width && image.width > PORTRAIT_THUMBNAIL_WIDTH
    ? `${thumbnail}, ${image.url} ${image.width}w`
    : thumbnail;
}

/**
 * Phones load a tile's thumbnail whatever their pixel density: their tiles are at most ≈ 300 CSS px
 * wide, where the 480 px thumbnail is sharp enough, and a full picture per tile would cost a parent's
 * data plan megabytes. Wider screens choose from the srcset by PORTRAIT_TILE_SIZES. The server's
 * preloads of the first pictures say the same, so the browser fetches each once.
 */
export const PORTRAIT_PHONE_SCREEN = "(max-width: 639px)";
export const PORTRAIT_WIDER_SCREEN = "(min-width: 640px)";

/** The width of a tile on a wider screen: three columns, at most 18rem beside the side panel. */
export const PORTRAIT_TILE_SIZES = "(min-width: 1024px) 18rem, 33vw";

/** The name a downloaded portrait is saved under: its style and the start of its id. */
export function portraitFileName(image: { id: string; styleId: string }): string {
  return `${image.styleId}-${image.id.slice(0, 8)}.jpg`.replace(/[^A-Za-z0-9._-]+/g, "-");
}

/** The full picture as a file to save (`Content-Disposition: attachment`), or null before it exists. */
export function portraitDownloadUrl(image: {
  id: string;
  styleId: string;
  url: string | null;
}): string | null {
  return image.url ? withParameter(image.url, "download", portraitFileName(image)) : null;
}
