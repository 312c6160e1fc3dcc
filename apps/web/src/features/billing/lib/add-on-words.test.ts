import { describe, expect, it } from "vitest";
import { addOnWords } from "./add-on-words";

describe("addOnWords", () => {
  it("names clips and print files, one or many", () => {
    expect(addOnWords({ unit: "video", units: 5 })).toBe("5 video clips");
    expect(addOnWords({ unit: "video", units: 1 })).toBe("1 video clip");
    expect(addOnWords({ unit: "print", units: 10 })).toBe("10 ready-to-print files");
    expect(addOnWords({ unit: "print", units: 1 })).toBe("1 ready-to-print file");
    expect(addOnWords(null)).toBe("");
  });
});
