import { ageOn, CHILD_MAX_AGE } from "@wonderkin/contract";

/** A calendar date as YYYY-MM-DD in the reader's own time zone (what a date input shows). */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Today, as the parent's calendar says, in the form the contract's date arithmetic expects. */
function localToday(now: Date): Date {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/** The child's age in whole years today, from an ISO birth date; null for a date that isn't one. */
export function ageFromBirthDate(birthDate: string, now: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) {
    return null;
  }
  return ageOn(birthDate, localToday(now));
}

/**
 * The range a birth date input offers: from the day a child who is still {CHILD_MAX_AGE} was born
 * (the day after their eighteenth birthday's date, eighteen years ago) up to today.
 */
export function birthDateBounds(now: Date = new Date()): { min: string; max: string } {
  const earliest = new Date(now.getFullYear() - (CHILD_MAX_AGE + 1), now.getMonth(), now.getDate() + 1);
  return { min: toIsoDate(earliest), max: toIsoDate(now) };
}
