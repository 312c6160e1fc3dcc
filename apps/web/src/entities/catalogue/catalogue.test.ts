import { categories } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { catalogueView, categoriesEntitlement, styleLockReason, styleTitle } from "./catalogue";

describe("the catalogue as the parent's plan opens it", () => {
  it("locks the exclusive packs for core plans, and opens everything for Oracle", () => {
    const core = catalogueView("core");
    const locked = core.filter((view) => view.locked).map((view) => view.category.id);
    expect(locked).toEqual(
      categories.filter((category) => category.exclusive).map((category) => category.id),
    );
    expect(locked.length).toBeGreaterThan(0);
    expect(catalogueView("all").some((view) => view.locked)).toBe(false);
  });

  it("lists every style of every category", () => {
    for (const view of catalogueView("all")) {
      expect(view.styles.map((style) => style.id)).toEqual(view.category.styleIds);
    }
  });

  it("says why a style is locked, and treats an unknown plan as core", () => {
    const exclusive = categories.find((category) => category.exclusive);
    const onlyExclusive = exclusive?.styleIds.find((id) =>
      categories.every((category) => category.exclusive || !category.styleIds.includes(id)),
    );
    expect(onlyExclusive).toBeDefined();
    expect(styleLockReason(onlyExclusive ?? "", "core")).toBe(
      "Part of the exclusive packs of the Oracle plan.",
    );
    expect(styleLockReason(onlyExclusive ?? "", "all")).toBeNull();
    expect(categoriesEntitlement(null)).toBe("core");
  });
});

describe("styleTitle", () => {
  it("names a style of the catalogue, and a plain word for one no longer in it", () => {
    expect(styleTitle("astronaut")).toBe("Astronaut");
    expect(styleTitle("gone-style")).toBe("Portrait");
  });
});
