import { describe, expect, it } from "vitest";
import { previewGridColumns } from "./preview-grid";

describe("the preview tiles' columns", () => {
  it("fills the rows of a set of 4, on a phone (2 × 2) and above (4)", () => {
    expect(previewGridColumns(4)).toBe("grid-cols-2 sm:grid-cols-4");
  });

  it("shows 3 left after a dropped one as one full row, without a hole", () => {
    expect(previewGridColumns(3)).toBe("grid-cols-3");
    expect(previewGridColumns(2)).toBe("grid-cols-2");
  });
});
