import type { Style } from "@wonderkin/contract";
import { Lock } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { CategoryTabs } from "@/components/catalogue/category-tabs";
import { StyleRadioTile } from "@/components/catalogue/style-tile";
import { type CategoryView, EXCLUSIVE_PLAN_NAME } from "@/lib/studio/catalogue";

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
        <p
          id={reasonId}
          className="mt-1 mb-3 flex flex-wrap items-center gap-x-1.5 gap-y-1 rounded-2xl bg-night-900 px-4 py-3 text-sm text-white"
        >
          <Lock className="size-4 shrink-0 text-accent-400" aria-hidden />
          <span>
            {current.locked
              ? `${current.category.title} is one of the exclusive packs of the ${EXCLUSIVE_PLAN_NAME} plan.`
              : `Styles marked ${EXCLUSIVE_PLAN_NAME} are part of the exclusive packs of the ${EXCLUSIVE_PLAN_NAME} plan.`}
          </span>
          <Link
            to={`${paths.selectPlan}?changePlan=1`}
            className="font-bold text-accent-400 underline-offset-4 hover:underline"
          >
            See the plans
          </Link>
        </p>
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
