import { describe, expect, it } from "vitest";
import { previewSource } from "./preview-source";

describe("previewSource", () => {
  it("takes the operator's sample for the id when there is one, else the drawn art", () => {
    const samples = { astronaut: "/samples/astronaut?v=1", magic: "/samples/magic?v=2" };
    expect(previewSource("astronaut", "/images/work/astronaut.webp", samples)).toBe("/samples/astronaut?v=1");
    expect(previewSource("magic", "/images/category/magic.webp", samples)).toBe("/samples/magic?v=2");
    expect(previewSource("fairy", "/images/wonder/fairy.webp", samples)).toBe("/images/wonder/fairy.webp");
  });

  it("keeps the drawn art while the config loads, and ignores inherited keys", () => {
    expect(previewSource("astronaut", "/images/work/astronaut.webp", undefined)).toBe(
      "/images/work/astronaut.webp",
    );
    expect(previewSource("toString", "/images/x.webp", {})).toBe("/images/x.webp");
  });
});
