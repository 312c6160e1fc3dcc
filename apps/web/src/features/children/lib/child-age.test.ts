import { describe, expect, it } from "vitest";
import { ageFromBirthDate, birthDateBounds, toIsoDate } from "./child-age";

const on = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12);

describe("ageFromBirthDate", () => {
  it("counts whole years, turning a year older on the birthday itself", () => {
    expect(ageFromBirthDate("2020-06-15", on(2026, 6, 14))).toBe(5);
    expect(ageFromBirthDate("2020-06-15", on(2026, 6, 15))).toBe(6);
    expect(ageFromBirthDate("2020-06-15", on(2026, 12, 31))).toBe(6);
  });

  it("is 0 for a baby and handles leap-day birthdays", () => {
    expect(ageFromBirthDate("2026-03-01", on(2026, 3, 2))).toBe(0);
    expect(ageFromBirthDate("2020-02-29", on(2025, 2, 28))).toBe(4);
    expect(ageFromBirthDate("2020-02-29", on(2025, 3, 1))).toBe(5);
  });

  it("uses the parent's calendar day, late in the evening too", () => {
    expect(ageFromBirthDate("2019-01-01", new Date(2025, 0, 1, 23, 59))).toBe(6);
    expect(ageFromBirthDate("2019-01-02", new Date(2025, 0, 1, 23, 59))).toBe(5);
  });

  it("refuses what is not a real date", () => {
    expect(ageFromBirthDate("", on(2026, 1, 1))).toBeNull();
    expect(ageFromBirthDate("2021-02-30", on(2026, 1, 1))).toBeNull();
    expect(ageFromBirthDate("01/02/2021", on(2026, 1, 1))).toBeNull();
  });
});

describe("birthDateBounds", () => {
  it("offers birth dates from a child of 17 up to today", () => {
    const today = on(2026, 5, 10);
    const { min, max } = birthDateBounds(today);
    expect(max).toBe("2026-05-10");
    expect(min).toBe("2008-05-11");
    expect(ageFromBirthDate(min, today)).toBe(17);
    expect(ageFromBirthDate(max, today)).toBe(0);
  });

  it("writes dates with two-digit months and days", () => {
    expect(toIsoDate(on(2026, 1, 5))).toBe("2026-01-05");
  });
});
