import { describe, expect, it } from "vitest";
import { faceOutlineInSquare } from "./face-outline";

describe("the face's outline on a square tile", () => {
  const box = { x: 0.4, y: 0.2, width: 0.2, height: 0.3 };

  it("is the box itself on a square photo (every photo kept from a group is one)", () => {
    expect(faceOutlineInSquare(box, { width: 900, height: 900 })).toEqual({
      left: 40,
      top: 20,
      width: 20,
      height: 30,
    });
  });

  it("moves with the crop of a wide or a tall photo", () => {
    // Twice as wide as high: the tile shows the middle half of its width.
    expect(faceOutlineInSquare(box, { width: 1600, height: 800 })).toEqual({
      left: 30,
      top: 20,
      width: 40,
      height: 30,
    });
    // Three quarters as wide as high: a sixth of the height is cut at the top and bottom.
    expect(
      faceOutlineInSquare({ x: 0.3, y: 0.3, width: 0.4, height: 0.3 }, { width: 900, height: 1200 }),
    ).toEqual({
      left: 30,
      top: 23.3,
      width: 40,
      height: 40,
    });
  });

  it("is left out when the crop cuts the face", () => {
    expect(
      faceOutlineInSquare({ x: 0.05, y: 0.3, width: 0.2, height: 0.3 }, { width: 1600, height: 800 }),
    ).toBeNull();
  });
});
