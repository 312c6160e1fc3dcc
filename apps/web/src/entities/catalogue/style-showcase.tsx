import { findStyle } from "@wonderkin/contract";
import { cn } from "@/lib/cn";
import { CatalogueArt } from "./catalogue-art";

const showcase = ["fairy", "astronaut", "deep-sea-diver"].flatMap((id) => {
  const style = findStyle(id);
  return style ? [style] : [];
});

const tilts = [
  "-rotate-8 translate-x-6 translate-y-2",
  "z-10 -translate-y-1",
  "rotate-8 -translate-x-6 translate-y-2",
];

/**
 * Three styles fanned out like cards in a hand: a taste of the catalogue, for dark banners.
 * `largeScreensOnly` hides it below `lg`, where a banner has no room beside its text.
 */
export function StyleShowcase({
  largeScreensOnly = false,
  className,
}: {
  largeScreensOnly?: boolean;
  className?: string;
}) {
  return (
    <div
      aria-hidden
      className={cn("items-end justify-center", largeScreensOnly ? "hidden lg:flex" : "flex", className)}
    >
      {showcase.map((style, index) => (
        <div
          key={style.id}
          className={cn(
            "w-24 shrink-0 overflow-hidden rounded-2xl shadow-2xl ring-4 ring-white/20 sm:w-32",
            tilts[index],
          )}
        >
          <CatalogueArt
            previewId={style.id}
            src={style.imagePath}
            art={style.art}
            eager
            className="aspect-[4/5]"
          />
        </div>
      ))}
    </div>
  );
}
