import type { Style } from "@wonderkin/contract";
import { useId } from "react";
import { type CategoryView, EXCLUSIVE_PLAN_NAME } from "@/entities/catalogue/catalogue";
import { CategoryTabs } from "@/entities/catalogue/category-tabs";
import { ExclusivePackNotice } from "@/entities/catalogue/exclusive-pack-notice";
import { StyleRadioTile } from "@/entities/catalogue/style-tile";

/**
 * The catalogue as a picker: categories as chips, the chosen category's styles as a grid of radio
 * tiles. Styles outside the parent's plan stay visible, locked, with the reason.
 */
export function StylePicker({
  views,
  categoryId,
  onCategoryChange,
  styleId,
  onStyleChange,
  lockReasonOf,
}: {
  views: readonly CategoryView[];
  categoryId: string;
  onCategoryChange: (categoryId: string) => void;
  styleId: string | null;
  onStyleChange: (style: Style) => void;
  lockReasonOf: (styleId: string) => string | null;
}) {
  const reasonId = useId();
  const current = views.find((view) => view.category.id === categoryId) ?? views[0];
  if (!current) return null;
  const anyLocked = current.styles.some((style) => lockReasonOf(style.id) !== null);
  return (
    <section aria-labelledby="pick-style-title" className="min-w-0">
      <h2 id="pick-style-title" className="text-xl font-semibold text-ink sm:text-2xl">
        1. Pick a style
      </h2>
      <CategoryTabs
        views={views}
        selectedId={current.category.id}
        onSelect={onCategoryChange}
        className="mt-3"
      />
      {anyLocked ? (
        <ExclusivePackNotice id={reasonId} className="mt-1 mb-3">
          <span>
            {current.locked
              ? `${current.category.title} is one of the exclusive packs of the ${EXCLUSIVE_PLAN_NAME} plan.`
              : `Styles marked ${EXCLUSIVE_PLAN_NAME} are part of the exclusive packs of the ${EXCLUSIVE_PLAN_NAME} plan.`}
          </span>
        </ExclusivePackNotice>
      ) : null}
      <fieldset className="mt-2">
        <legend className="sr-only">Styles in {current.category.title}</legend>
        <div className="grid grid-cols-3 gap-2.5 sm:grid-cols-4 sm:gap-3 xl:grid-cols-5">
          {current.styles.map((style) => (
            <StyleRadioTile
              key={style.id}
              style={style}
              name="style"
              checked={style.id === styleId}
              lockReason={lockReasonOf(style.id)}
              describedBy={reasonId}
              onSelect={() => onStyleChange(style)}
            />
          ))}
        </div>
      </fieldset>
    </section>
  );
}
