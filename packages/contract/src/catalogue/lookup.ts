import type { PlanEntitlements } from "../plans";
import type { Style, ThemeCategory } from "./catalogue-types";
import { categories } from "./categories";
import { styles } from "./styles";

/** What a plan unlocks (spec §9): `core` the non-exclusive categories, `all` the exclusive packs too. */
export type CategoriesEntitlement = PlanEntitlements["categories"];

const stylesById = new Map(styles.map((style) => [style.id, style]));
const categoriesById = new Map(categories.map((category) => [category.id, category]));

/** Ids are case-sensitive, as in the spec (`UN-speaker`). */
export function findStyle(id: string): Style | undefined {
  return stylesById.get(id);
}

export function findCategory(id: string): ThemeCategory | undefined {
  return categoriesById.get(id);
}

/** The categories listing a style, in catalogue order (empty for an unknown id). */
export function categoriesOfStyle(styleId: string): ThemeCategory[] {
  return categories.filter((category) => category.styleIds.includes(styleId));
}

export function isCategoryUnlocked(category: ThemeCategory, entitlement: CategoriesEntitlement): boolean {
  return entitlement === "all" || !category.exclusive;
}

export function unlockedCategoryIds(entitlement: CategoriesEntitlement): string[] {
  return categories.filter((category) => isCategoryUnlocked(category, entitlement)).map(({ id }) => id);
}

/**
 * A style is unlocked when any category listing it is: candy-land is in magic (core) and cute
 * (exclusive), so a core plan may use it. An unknown style is never unlocked.
 */
export function isStyleUnlocked(styleId: string, entitlement: CategoriesEntitlement): boolean {
  return categoriesOfStyle(styleId).some((category) => isCategoryUnlocked(category, entitlement));
}
