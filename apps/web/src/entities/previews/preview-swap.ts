import {
  type CategoriesEntitlement,
  findCategory,
  isStyleUnlocked,
  type Previews,
  type Style,
} from "@wonderkin/contract";
import { stylesOfCategory } from "@/entities/catalogue/catalogue";

/** The catalogue category a preview may be swapped into: the styles most parents pick. */
export const PREVIEW_SWAP_CATEGORY_ID = "popular";

/**
 * The styles a preview of the set may be swapped for: the popular ones, in the catalogue's order,
 * without those the set already shows (the server refuses a second preview in one style) and
 * without those the parent's plan does not unlock.
 */
export function previewSwapChoices(
  previews: Pick<Previews, "images">,
  entitlement: CategoriesEntitlement,
): Style[] {
  const category = findCategory(PREVIEW_SWAP_CATEGORY_ID);
  if (!category) return [];
  const shown = new Set(previews.images.map((image) => image.styleId));
  return stylesOfCategory(category).filter(
    (style) => !shown.has(style.id) && isStyleUnlocked(style.id, entitlement),
  );
}

/** "a" or "an" before a style's title ("an Ice Princess preview"). */
export function withArticle(title: string): string {
  return `${/^[aeiou]/i.test(title) ? "an" : "a"} ${title}`;
}

/** "3 style changes left", "1 style change left". */
export function swapsLeftText(swapsLeft: number): string {
  return `${swapsLeft} style ${swapsLeft === 1 ? "change" : "changes"} left`;
}
