import type { StyleArt } from "@wonderkin/contract";
import { useState } from "react";
import { cn } from "@/lib/cn";

/**
 * A catalogue preview picture on its style's own gradient: the gradient shows while the picture
 * loads, and stays (with nothing broken on screen) if it cannot be loaded.
 */
export function CatalogueArt({
  src,
  art,
  alt = "",
  className,
  imageClassName,
  eager = false,
}: {
  src: string;
  art: Pick<StyleArt, "gradient">;
  alt?: string;
  className?: string;
  imageClassName?: string;
  eager?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const [top, bottom] = art.gradient;
  return (
    <div
      className={cn("relative overflow-hidden", className)}
      style={{ backgroundImage: `linear-gradient(to bottom, ${top}, ${bottom})` }}
    >
      {broken ? null : (
        <img
          src={src}
          alt={alt}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          onError={() => setBroken(true)}
          className={cn("absolute inset-0 size-full object-cover", imageClassName)}
        />
      )}
    </div>
  );
}
