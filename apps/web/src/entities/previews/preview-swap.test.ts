import { categories } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { previewSwapChoices, swapsLeftText, withArticle } from "./preview-swap";
import { testPreview } from "./test-previews";

const popular = categories.find((category) => category.id === "popular")?.styleIds ?? [];

describe("previewSwapChoices", () => {
  it("offers the popular styles, in the catalogue's order, without those the set shows", () => {
    const shown = {
      images: [testPreview("a", { styleId: "fairy" }), testPreview("b", { styleId: "astronaut" })],
    };
    const ids = previewSwapChoices(shown, "core").map((style) => style.id);
    expect(popular.length).toBeGreaterThan(2);
    expect(ids).toEqual(popular.filter((id) => id !== "fairy"));
    expect(ids).not.toContain("astronaut");
  });

  it("offers nothing once every popular style is shown", () => {
    const images = popular.map((styleId, index) => testPreview(`p${index}`, { styleId }));
    expect(previewSwapChoices({ images }, "all")).toEqual([]);
  });
});

describe("the swap dialog's words", () => {
  it("says a or an before a style", () => {
    expect(withArticle("Fairy")).toBe("a Fairy");
    expect(withArticle("Ice Princess")).toBe("an Ice Princess");
  });

  it("counts the style changes left", () => {
    expect(swapsLeftText(3)).toBe("3 style changes left");
    expect(swapsLeftText(1)).toBe("1 style change left");
  });
});
