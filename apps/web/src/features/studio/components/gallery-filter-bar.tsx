import type { GalleryFilter, GalleryFilters } from "@wonderkin/contract";
import { Heart } from "lucide-react";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { cn } from "@/lib/cn";
import { filterChoices, sameFilter } from "../lib/gallery";

/**
 * The gallery's filters as toggle buttons: all portraits, the favourites, and each style present in
 * the child's gallery with how many there are. One row that scrolls sideways on a phone, wrapping on
 * wider screens; every button is reachable by Tab and says whether it is the one chosen.
 */
export function GalleryFilterBar({
  childName,
  counts,
  filter,
  onChange,
}: {
  childName: string;
  counts: GalleryFilters;
  filter: GalleryFilter | null;
  onChange: (filter: GalleryFilter | null) => void;
}) {
  return (
    <fieldset className="mb-4 min-w-0" data-testid="gallery-filters">
      <legend className="sr-only">Show {childName}'s portraits</legend>
      <div className="-mx-5 flex gap-2 overflow-x-auto px-5 pt-0.5 pb-2 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {filterChoices(counts, filter).map((choice) => {
          const pressed = sameFilter(choice.filter, filter);
          const favourites = choice.filter !== null && "favourites" in choice.filter;
          const label = choice.styleId ? styleTitle(choice.styleId) : favourites ? "Favourites" : "All";
          const noun = choice.count === 1 ? "portrait" : "portraits";
          return (
            <button
              key={choice.styleId ?? (favourites ? "favourites" : "all")}
              type="button"
              aria-pressed={pressed}
              aria-label={`${label}, ${choice.count} ${noun}`}
              onClick={() => onChange(choice.filter)}
              className={cn(
                "inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full py-1.5 pr-2 pl-3.5 text-sm font-semibold whitespace-nowrap ring-1 transition-colors",
                pressed
                  ? "bg-night-900 text-white ring-night-900"
                  : "bg-surface text-ink ring-line hover:bg-primary-50 hover:ring-primary-200",
              )}
            >
              {favourites ? (
                <Heart
                  className={cn("size-4", choice.count > 0 && "fill-accent-500 text-accent-500")}
                  aria-hidden
                />
              ) : null}
              {label}
              <span
                aria-hidden
                className={cn(
                  "min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums",
                  pressed ? "bg-white/15 text-white" : "bg-primary-50 text-primary-700",
                )}
              >
                {choice.count}
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
