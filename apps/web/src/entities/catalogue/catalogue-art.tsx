import type { StyleArt } from "@wonderkin/contract";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { usePreviewSource } from "./preview-source";

/**
 * A catalogue preview picture on its style's own gradient: the gradient shows while the picture
 * loads, and stays (with nothing broken on screen) if it cannot be loaded. The operator's sample
 * image for `previewId` (a style or category id) replaces the drawn art when there is one.
 */
export function CatalogueArt({
  previewId,
  src,
  art,
  alt = "",
  className,
  imageClassName,
  eager = false,
  width,
  height,
}: {
  previewId: string;
  src: string;
  art: Pick<StyleArt, "gradient">;
  alt?: string;
  className?: string;
  imageClassName?: string;
  eager?: boolean;
  /** The picture's own size, so the browser knows its shape before it loads. */
  width?: number;
  height?: number;
}) {
  const shown = usePreviewSource(previewId, src);
  const [broken, setBroken] = useState(false);
  const [top, bottom] = art.gradient;
  return (
    <div
      className={cn("relative overflow-hidden", className)}
      style={{ backgroundImage: `linear-gradient(to bottom, ${top}, ${bottom})` }}
    >
      {broken ? null : (
        <img
          src={shown}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          onError={() => setBroken(true)}
          className={cn("absolute inset-0 size-full object-cover", imageClassName)}
        />
      )}
    </div>
  );
}
