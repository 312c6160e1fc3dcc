import { describe, expect, it } from "vitest";
import { dayAndMonth, daysOf, longDate, reminderWords } from "./series-words";

describe("how a series' dates read", () => {
  it("names days and months", () => {
    expect(dayAndMonth({ month: 3, day: 14 })).toBe("14 March");
    expect(longDate("2027-02-28")).toBe("28 February 2027");
  });

  it("offers 29 February, and as many days as each month has", () => {
    expect(daysOf(2)).toHaveLength(29);
    expect(daysOf(4)).toHaveLength(30);
    expect(daysOf(12).at(-1)).toBe(31);
  });

  it("says whose birthday it is", () => {
    expect(reminderWords("Theo", { month: 3, day: 14, source: "birthday" })).toBe(
      "every year on Theo's birthday, 14 March",
    );
    expect(reminderWords("Luna", { month: 9, day: 1, source: "chosen" })).toBe("every year on 1 September");
  });
});
