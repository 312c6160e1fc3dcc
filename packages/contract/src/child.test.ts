import { describe, expect, it } from "vitest";
import { parseChildIdSegment } from "./child";

describe("parseChildIdSegment", () => {
  it("accepts positive integers without a leading zero", () => {
    expect(parseChildIdSegment("1")).toBe(1);
    expect(parseChildIdSegment("42")).toBe(42);
    expect(parseChildIdSegment("9007199254740991")).toBe(9007199254740991);
  });

  it("refuses everything else", () => {
    for (const bad of [undefined, "", "0", "01", "-1", "+1", "1.0", "1e2", " 1", "abc", "9007199254740993"]) {
      expect(parseChildIdSegment(bad), String(bad)).toBeNull();
    }
  });
});
