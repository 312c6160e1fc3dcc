import { describe, expect, it } from "vitest";
import { birthdayOf, dueReminderYear, isoDay, nextReminderDate, reminderDateIn } from "./series-dates";

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("a series' reminder dates", () => {
  it("falls on 28 February in years without a 29th", () => {
    expect(isoDay(reminderDateIn(2027, { month: 2, day: 29 }))).toBe("2027-02-28");
    expect(isoDay(reminderDateIn(2028, { month: 2, day: 29 }))).toBe("2028-02-29");
  });

  it("is due from its day for the grace period, not before and not after", () => {
    const day = { month: 3, day: 14 };
    const created = at("2026-01-10");
    expect(dueReminderYear(day, created, at("2026-03-13"))).toBeNull();
    expect(dueReminderYear(day, created, at("2026-03-14"))).toBe(2026);
    expect(dueReminderYear(day, created, at("2026-04-13"))).toBe(2026);
    expect(dueReminderYear(day, created, at("2026-04-14"))).toBeNull();
    expect(dueReminderYear(day, created, at("2027-03-14"))).toBe(2027);
  });

  it("waits for the next year when the series was made after this year's day", () => {
    const day = { month: 3, day: 14 };
    expect(dueReminderYear(day, at("2026-03-15"), at("2026-03-20"))).toBeNull();
    expect(dueReminderYear(day, at("2026-03-14"), at("2026-03-14"))).toBe(2026);
    expect(isoDay(nextReminderDate(day, at("2026-03-15"), at("2026-03-20"), []))).toBe("2027-03-14");
  });

  it("still sends late December's reminder in early January", () => {
    expect(dueReminderYear({ month: 12, day: 30 }, at("2026-06-01"), at("2027-01-05"))).toBe(2026);
  });

  it("names today while a due reminder is unsent, next year's once it went", () => {
    const day = { month: 3, day: 14 };
    const created = at("2026-01-10");
    expect(isoDay(nextReminderDate(day, created, at("2026-01-10"), []))).toBe("2026-03-14");
    expect(isoDay(nextReminderDate(day, created, at("2026-03-16"), []))).toBe("2026-03-16");
    expect(isoDay(nextReminderDate(day, created, at("2026-03-16"), [2026]))).toBe("2027-03-14");
  });

  it("reads a birthday from a birth date", () => {
    expect(birthdayOf("2020-02-29")).toEqual({ month: 2, day: 29 });
  });
});
