import { daysInMonth } from "@wonderkin/contract";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const monthName = (month: number): string => MONTHS[month - 1] ?? "";

/** "14 March" */
export const dayAndMonth = ({ month, day }: { month: number; day: number }): string =>
  `${day} ${monthName(month)}`;

/** "14 March 2027", from YYYY-MM-DD. */
export function longDate(isoDay: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  return `${day} ${monthName(month ?? 1)} ${year}`;
}

/** The days a month can have (29 February included: it comes on the 28th in other years). */
export const daysOf = (month: number): number[] =>
  Array.from({ length: daysInMonth(2024, month) }, (_, index) => index + 1);

/** When the reminder comes, as a parent reads it. */
export function reminderWords(
  childName: string,
  remindOn: { month: number; day: number; source: "birthday" | "chosen" },
): string {
  const when = dayAndMonth(remindOn);
  return remindOn.source === "birthday"
    ? `every year on ${childName}'s birthday, ${when}`
    : `every year on ${when}`;
}
