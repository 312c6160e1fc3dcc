import {
  PORTRAIT_PHONE_SCREEN,
  PORTRAIT_TILE_SIZES,
  portraitPictureUrl,
  portraitSrcSet,
} from "@wonderkin/contract/rules";
import type { ImgHTMLAttributes } from "react";
import { pictureLoading } from "@/lib/picture-priority";

/**
 * A portrait's or preview's picture in a tile (decision 0065): a phone loads the thumbnail; a wider
 * screen picks the thumbnail or the full picture by the tile's width in device pixels. A first
 * picture of the page is fetched at once (the server preloaded the same choice).
 */
export function TilePicture({
  image,
  first,
  alt,
  ...attributes
}: {
  image: { url: string | null; width: number | null };
  alt: string;
  /** Among the first pictures of the page: fetched at once, with high priority. */
  first: boolean;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "loading" | "alt">) {
  const thumbnail = image.url ? portraitPictureUrl(image.url, "thumbnail") : undefined;
  return (
    <picture className="contents">
      <source media={PORTRAIT_PHONE_SCREEN} srcSet={thumbnail} />
      <img
        src={thumbnail}
        srcSet={portraitSrcSet(image)}
        sizes={PORTRAIT_TILE_SIZES}
        alt={alt}
        {...pictureLoading(first)}
        decoding="async"
        {...attributes}
      />
    </picture>
  );
}
