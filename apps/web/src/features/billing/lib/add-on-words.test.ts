import { describe, expect, it } from "vitest";
import { addOnPurchaseWords, addOnWords } from "./add-on-words";

describe("addOnWords", () => {
  it("names clips and print files, one or many", () => {
    expect(addOnWords({ unit: "video", units: 5 })).toBe("5 video clips");
    expect(addOnWords({ unit: "video", units: 1 })).toBe("1 video clip");
    expect(addOnWords({ unit: "print", units: 10 })).toBe("10 ready-to-print files");
    expect(addOnWords({ unit: "print", units: 1 })).toBe("1 ready-to-print file");
    expect(addOnWords({ unit: "book", units: 1 })).toBe("1 storybook");
    expect(addOnWords({ unit: "book", units: 2 })).toBe("2 storybooks");
    expect(addOnWords(null)).toBe("");
  });

  it("names the Extra child's room, and says how long each purchase lasts", () => {
    expect(addOnWords({ unit: "child", units: 1 })).toBe("1 extra child");
    expect(addOnWords({ unit: "child", units: 2 })).toBe("2 extra children");
    expect(addOnPurchaseWords({ unit: "child", units: 1 })).toBe(
      "Room for one more child in your family, for as long as you're on Oracle. Paid once.",
    );
    expect(addOnPurchaseWords({ unit: "video", units: 5 })).toBe(
      "5 video clips, added to your account. Paid once; they never expire.",
    );
  });
});
