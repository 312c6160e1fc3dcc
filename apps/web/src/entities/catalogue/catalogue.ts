import {
  type CategoriesEntitlement,
  categories,
  findStyle,
  isCategoryUnlocked,
  isStyleUnlocked,
  type PlanEntitlements,
  type Style,
  type ThemeCategory,
} from "@wonderkin/contract";

/** The plan that unlocks the exclusive packs (spec §9: "Exclusive packs" is an Oracle feature). */
export const EXCLUSIVE_PLAN_NAME = "Oracle";

/** What the parent may use: without a known plan, the core categories (the server decides anyway). */
export function categoriesEntitlement(
  entitlements: PlanEntitlements | null | undefined,
): CategoriesEntitlement {
  return entitlements?.categories ?? "core";
}

/** The styles of a category, in the catalogue's order. */
export function stylesOfCategory(category: ThemeCategory): Style[] {
  return category.styleIds.flatMap((id) => {
    const style = findStyle(id);
    return style ? [style] : [];
  });
}

export type CategoryView = { category: ThemeCategory; styles: Style[]; locked: boolean };

/** Every category with its styles and whether the parent's plan opens it. */
export function catalogueView(entitlement: CategoriesEntitlement): CategoryView[] {
  return categories.map((category) => ({
    category,
    styles: stylesOfCategory(category),
    locked: !isCategoryUnlocked(category, entitlement),
  }));
}

/** Why a style cannot be used, or null when it can. */
export function styleLockReason(styleId: string, entitlement: CategoriesEntitlement): string | null {
  if (isStyleUnlocked(styleId, entitlement)) return null;
  return `Part of the exclusive packs of the ${EXCLUSIVE_PLAN_NAME} plan.`;
}

/** A style's title, or a plain word for a style no longer in the catalogue. */
export function styleTitle(styleId: string): string {
  return findStyle(styleId)?.title ?? "Portrait";
}
