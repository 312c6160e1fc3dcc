import { describe, expect, it } from "vitest";
import {
  filterChoices,
  flattenGallery,
  type GalleryData,
  matchesFilter,
  mergeImageUpdates,
  prependImages,
  removeImage,
  sameFilter,
  setFavouriteIn,
} from "./gallery";
import { pendingImage, testImage } from "./test-images";

function gallery(...pages: ReturnType<typeof testImage>[][]): GalleryData {
  return {
    pages: pages.map((images, index) => ({
      images,
      nextCursor: index < pages.length - 1 ? `c${index}` : null,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? undefined : `c${index - 1}`)),
  };
}

describe("mergeImageUpdates", () => {
  it("writes fresh states over the copies, wherever they are", () => {
    const data = gallery(
      [pendingImage("p1"), testImage("a")],
      [pendingImage("p2", { createdAt: "2026-11-21T10:00:00.000Z" })],
    );
    const merged = mergeImageUpdates(data, [
      pendingImage("p1", { status: "processing", progress: 40 }),
      testImage("p2", { createdAt: "2026-11-21T10:00:00.000Z" }),
    ]);
    expect(merged?.pages[0]?.images[0]).toMatchObject({ id: "p1", status: "processing", progress: 40 });
    expect(merged?.pages[1]?.images[0]).toMatchObject({ id: "p2", status: "succeeded" });
    // The untouched portrait is the same object.
    expect(merged?.pages[0]?.images[1]).toBe(data.pages[0]?.images[1]);
  });

  it("keeps the same data when a poll brings no news (a new signature is not news)", () => {
    const data = gallery([pendingImage("p1", { progress: 20 }), testImage("a")]);
    const same = mergeImageUpdates(data, [
      pendingImage("p1", { progress: 20 }),
      testImage("a", { url: "/media/a.webp?sig=2" }),
    ]);
    expect(same).toBe(data);
    expect(mergeImageUpdates(data, [])).toBe(data);
    expect(mergeImageUpdates(undefined, [testImage("a")])).toBeUndefined();
  });

  it("takes a move in the queue or a new estimate as news", () => {
    const data = gallery([pendingImage("p1", { queuePosition: 3, estimatedSeconds: 20 })]);
    const moved = mergeImageUpdates(data, [pendingImage("p1", { queuePosition: 2, estimatedSeconds: 20 })]);
    expect(moved?.pages[0]?.images[0]?.queuePosition).toBe(2);
    const sooner = mergeImageUpdates(data, [pendingImage("p1", { queuePosition: 3, estimatedSeconds: 15 })]);
    expect(sooner?.pages[0]?.images[0]?.estimatedSeconds).toBe(15);
  });

  it("ignores portraits the gallery does not hold (deleted meanwhile)", () => {
    const data = gallery([testImage("a")]);
    expect(mergeImageUpdates(data, [testImage("gone")])).toBe(data);
  });
});

describe("prependImages", () => {
  it("puts new portraits at the top of the first page, once", () => {
    const data = gallery([testImage("a")], [testImage("b")]);
    const fresh = [pendingImage("n1"), pendingImage("n2")];
    const once = prependImages(data, fresh);
    expect(once?.pages[0]?.images.map((image) => image.id)).toEqual(["n1", "n2", "a"]);
    const twice = prependImages(once, [pendingImage("n1", { progress: 10 })]);
    expect(twice?.pages[0]?.images.map((image) => image.id)).toEqual(["n1", "n2", "a"]);
    expect(twice?.pages[0]?.images[0]?.progress).toBe(10);
  });

  it("starts a first page in an empty gallery", () => {
    const empty: GalleryData = { pages: [], pageParams: [] };
    expect(prependImages(empty, [pendingImage("n1")])?.pages).toEqual([
      { images: [pendingImage("n1")], nextCursor: null },
    ]);
  });
});

describe("removeImage and flattenGallery", () => {
  it("removes a deleted portrait from whichever page holds it", () => {
    const data = gallery([testImage("a")], [testImage("b")]);
    const after = removeImage(data, "b");
    expect(flattenGallery(after).map((image) => image.id)).toEqual(["a"]);
    expect(after?.pages[0]).toBe(data.pages[0]);
  });

  it("lists every portrait once, newest first, in the server's order for equal times", () => {
    const data = gallery(
      [
        testImage("x", { createdAt: "2026-11-22T10:00:00.000Z" }),
        testImage("y", { createdAt: "2026-11-22T10:00:00.000Z" }),
      ],
      [testImage("x"), testImage("old", { createdAt: "2026-11-01T10:00:00.000Z" })],
    );
    const withNew = prependImages(data, [pendingImage("new", { createdAt: "2026-11-22T11:00:00.000Z" })]);
    expect(flattenGallery(withNew).map((image) => image.id)).toEqual(["new", "x", "y", "old"]);
    expect(flattenGallery(undefined)).toEqual([]);
  });

  it("lists previews beside the portraits, but never a failed preview", () => {
    const data = gallery([
      testImage("portrait"),
      testImage("preview", { kind: "preview" }),
      testImage("failed-preview", { kind: "preview", status: "failed" }),
      testImage("failed-portrait", { status: "failed" }),
    ]);
    expect(flattenGallery(data).map((image) => image.id)).toEqual(["portrait", "preview", "failed-portrait"]);
  });
});

describe("filtering the gallery", () => {
  it("matches portraits of the style, or the favourites, never a preview", () => {
    const fairy = testImage("f", { styleId: "fairy" });
    const loved = testImage("l", { styleId: "astronaut", favourite: true });
    const preview = testImage("p", { kind: "preview", styleId: "fairy", favourite: true });
    expect(matchesFilter(fairy, { styleId: "fairy" })).toBe(true);
    expect(matchesFilter(loved, { styleId: "fairy" })).toBe(false);
    expect(matchesFilter(fairy, { favourites: true })).toBe(false);
    expect(matchesFilter(loved, { favourites: true })).toBe(true);
    expect(matchesFilter(preview, { styleId: "fairy" })).toBe(false);
    expect(matchesFilter(preview, { favourites: true })).toBe(false);
  });

  it("tells filters apart", () => {
    expect(sameFilter(null, null)).toBe(true);
    expect(sameFilter({ styleId: "fairy" }, { styleId: "fairy" })).toBe(true);
    expect(sameFilter({ styleId: "fairy" }, { styleId: "viking" })).toBe(false);
    expect(sameFilter({ favourites: true }, { favourites: true })).toBe(true);
    expect(sameFilter({ favourites: true }, { styleId: "fairy" })).toBe(false);
    expect(sameFilter(null, { favourites: true })).toBe(false);
  });

  it("offers all, the favourites and each style present, keeping a chosen style that emptied", () => {
    const counts = {
      portraits: 5,
      favourites: 1,
      styles: [
        { styleId: "fairy", count: 3 },
        { styleId: "astronaut", count: 2 },
      ],
    };
    expect(filterChoices(counts, null)).toEqual([
      { filter: null, styleId: null, count: 5 },
      { filter: { favourites: true }, styleId: null, count: 1 },
      { filter: { styleId: "fairy" }, styleId: "fairy", count: 3 },
      { filter: { styleId: "astronaut" }, styleId: "astronaut", count: 2 },
    ]);
    expect(filterChoices(counts, { styleId: "viking" }).at(-1)).toEqual({
      filter: { styleId: "viking" },
      styleId: "viking",
      count: 0,
    });
  });

  it("marks a favourite wherever it is, keeping what did not change", () => {
    const data = gallery([testImage("a"), testImage("b")], [testImage("c")]);
    const marked = setFavouriteIn(data, "c", true);
    expect(marked?.pages[1]?.images[0]?.favourite).toBe(true);
    expect(marked?.pages[0]).toBe(data.pages[0]);
    expect(setFavouriteIn(marked, "c", true)).toBe(marked);
    expect(setFavouriteIn(marked, "c", false)?.pages[1]?.images[0]?.favourite).toBe(false);
  });
});
