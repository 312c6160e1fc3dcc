import type { GeneratedImage } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { initialSelection, movePage, toggleSelection } from "./storybook-selection";

const image = (id: string, extra: Partial<GeneratedImage> = {}) =>
  ({ id, status: "succeeded", url: `/api/media/${id}.jpg`, favourite: false, ...extra }) as GeneratedImage;

describe("a storybook's pages", () => {
  it("start with the finished favourites, in the gallery's order, at most 24", () => {
    const images = [
      image("a", { favourite: true }),
      image("b"),
      image("c", { favourite: true, status: "processing", url: null }),
      image("d", { favourite: true }),
      ...Array.from({ length: 30 }, (_, index) => image(`f${index}`, { favourite: true })),
    ];
    const selected = initialSelection(images);
    expect(selected.slice(0, 3)).toEqual(["a", "d", "f0"]);
    expect(selected).toHaveLength(24);
  });

  it("add at the end, come out again, and stop at 24", () => {
    expect(toggleSelection(["a"], "b")).toEqual(["a", "b"]);
    expect(toggleSelection(["a", "b"], "a")).toEqual(["b"]);
    const full = Array.from({ length: 24 }, (_, index) => `p${index}`);
    expect(toggleSelection(full, "extra")).toEqual(full);
    expect(toggleSelection(full, "p3")).toHaveLength(23);
  });

  it("move one place at a time, the ends staying put", () => {
    expect(movePage(["a", "b", "c"], "b", -1)).toEqual(["b", "a", "c"]);
    expect(movePage(["a", "b", "c"], "b", 1)).toEqual(["a", "c", "b"]);
    expect(movePage(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(movePage(["a", "b", "c"], "c", 1)).toEqual(["a", "b", "c"]);
  });
});
