import { findStyle } from "@wonderkin/contract";
import { Lock } from "lucide-react";
import { type CategoryView, EXCLUSIVE_PLAN_NAME } from "@/entities/catalogue/catalogue";
import { cn } from "@/lib/cn";
import { CatalogueArt } from "./catalogue-art";

const fallbackArt = { gradient: ["#e9e3ff", "#9b83ff"] as const };

function categoryArt(view: CategoryView) {
  const first = view.styles[0] ?? (view.category.styleIds[0] ? findStyle(view.category.styleIds[0]) : null);
  return first?.art ?? fallbackArt;
}

/**
 * The catalogue's categories as a row of toggle buttons, with their art: `cards` (big art tiles, for
 * browsing) or `chips` (compact, above a picker). Packs the parent's plan does not open carry a lock
 * and the name of the plan that does.
 */
export function CategoryTabs({
  views,
  selectedId,
  onSelect,
  variant = "chips",
  className,
}: {
  views: readonly CategoryView[];
  selectedId: string;
  onSelect: (categoryId: string) => void;
  variant?: "cards" | "chips";
  className?: string;
}) {
  return (
    <fieldset className={cn("min-w-0", className)}>
      <legend className="sr-only">Style categories</legend>
      <div
        className={cn(
          // Phones scroll the row sideways; wider screens show every category at once.
          "-mx-5 flex snap-x scroll-px-5 gap-2.5 overflow-x-auto px-5 pt-1 pb-3 [scrollbar-width:none]",
          "sm:mx-0 sm:overflow-visible sm:px-0",
          variant === "cards" ? "sm:grid sm:grid-cols-4 sm:gap-3 lg:grid-cols-6" : "sm:flex-wrap sm:gap-2",
        )}
      >
        {views.map((view) => {
          const selected = view.category.id === selectedId;
          const label = view.locked
            ? `${view.category.title} (${EXCLUSIVE_PLAN_NAME} plan)`
            : view.category.title;
          if (variant === "cards") {
            return (
              <button
                key={view.category.id}
                type="button"
                aria-pressed={selected}
                aria-label={label}
                onClick={() => onSelect(view.category.id)}
                className={cn(
                  "group w-36 shrink-0 snap-start rounded-2xl p-1.5 text-left transition-colors sm:w-auto",
                  selected
                    ? "bg-night-900 text-white shadow-(--shadow-lift)"
                    : "bg-surface text-ink ring-1 ring-line hover:bg-primary-50",
                )}
              >
                <div className="relative">
                  <CatalogueArt
                    previewId={view.category.id}
                    src={view.category.imagePath}
                    art={categoryArt(view)}
                    eager
                    className="aspect-[4/3] rounded-xl"
                    imageClassName={cn(view.locked && "saturate-[.6]")}
                  />
                  {view.category.exclusive ? (
                    <span
                      className={cn(
                        "absolute top-1.5 left-1.5 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.7rem] font-bold shadow-sm",
                        view.locked ? "bg-night-950/80 text-white" : "bg-accent-500 text-night-950",
                      )}
                    >
                      {view.locked ? <Lock className="size-3" aria-hidden /> : null}
                      {EXCLUSIVE_PLAN_NAME}
                    </span>
                  ) : null}
                </div>
                <span className="mt-1.5 flex items-center justify-between gap-1 px-1 pb-0.5 text-sm font-bold">
                  <span className="truncate">{view.category.title}</span>
                  <span className={cn("text-xs font-semibold", selected ? "text-white/70" : "text-muted")}>
                    {view.styles.length}
                  </span>
                </span>
              </button>
            );
          }
          return (
            <button
              key={view.category.id}
              type="button"
              aria-pressed={selected}
              aria-label={label}
              onClick={() => onSelect(view.category.id)}
              className={cn(
                "flex shrink-0 snap-start items-center gap-2 rounded-full py-1 pr-3.5 pl-1 text-sm font-bold whitespace-nowrap transition-colors",
                selected
                  ? "bg-night-900 text-white shadow-sm"
                  : "bg-surface text-ink ring-1 ring-line hover:bg-primary-50",
              )}
            >
              <CatalogueArt
                previewId={view.category.id}
                src={view.category.imagePath}
                art={categoryArt(view)}
                eager
                className="size-8 shrink-0 rounded-full"
              />
              {view.category.title}
              {view.locked ? (
                <Lock className={cn("size-3.5", selected ? "text-accent-400" : "text-subtle")} aria-hidden />
              ) : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
