import { describe, expect, it } from "vitest";
import { printLeftWords } from "./print-words";

describe("printLeftWords", () => {
  it("counts the month's files, then the add-on's", () => {
    expect(printLeftWords(1)).toBe("1 ready-to-print file left this month.");
    expect(printLeftWords(0, 0)).toBe("0 ready-to-print files left this month.");
    expect(printLeftWords(0, 9)).toBe("9 ready-to-print files left from your add-on.");
    expect(printLeftWords(3, 1)).toBe("3 ready-to-print files left this month, and 1 from your add-on.");
  });
});
