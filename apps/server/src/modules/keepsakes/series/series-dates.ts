import { daysInMonth, type YearlyDay } from "@wonderkin/contract";

const DAY_MS = 86_400_000;

/**
 * How long after its day a missed reminder still goes out (the worker was down, the job failed):
 * a week late is still "around the birthday"; three months late would be an odd e-mail.
 */
export const REMINDER_GRACE_DAYS = 30;

/** The day's date in a year, as midnight UTC; 29 February is the 28th in other years. */
export function reminderDateIn(year: number, { month, day }: YearlyDay): Date {
  return new Date(Date.UTC(year, month - 1, Math.min(day, daysInMonth(year, month))));
}

/** Midnight UTC of the instant's own day. */
export function utcDay(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The year whose reminder is due at `now`, or null. A year is due from its day until
 * REMINDER_GRACE_DAYS after it, and only if the series already existed on that day: a series made
 * the day after a birthday waits for the next one. Last year's is still looked at in January, so a
 * reminder due on 30 December is not lost to a worker that was down over New Year.
 */
export function dueReminderYear(day: YearlyDay, createdAt: Date, now: Date): number | null {
  const today = utcDay(now).getTime();
  const created = utcDay(createdAt).getTime();
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() - 1]) {
    const date = reminderDateIn(year, day).getTime();
    if (date <= today && today - date <= REMINDER_GRACE_DAYS * DAY_MS && date >= created) return year;
  }
  return null;
}

/**
 * The next reminder's date: this year's day if it is still to come (or due and not sent yet),
 * otherwise next year's.
 */
export function nextReminderDate(
  day: YearlyDay,
  createdAt: Date,
  now: Date,
  remindedYears: readonly number[],
): Date {
  const due = dueReminderYear(day, createdAt, now);
  if (due !== null && !remindedYears.includes(due)) return utcDay(now);
  const today = utcDay(now).getTime();
  const created = utcDay(createdAt).getTime();
  for (let year = now.getUTCFullYear(); ; year += 1) {
    const date = reminderDateIn(year, day);
    if (date.getTime() > today && date.getTime() >= created && !remindedYears.includes(year)) return date;
  }
}

/** The month and day of a YYYY-MM-DD birth date. */
export function birthdayOf(birthDate: string): YearlyDay {
  const [, month, day] = birthDate.split("-").map(Number);
  return { month: month ?? 1, day: day ?? 1 };
}
