import type { BillingCycle } from "@wonderkin/contract";

/** The same day a month (or a year) later, clamped to the month's last day (31 Jan → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** When a period that starts now ends; null for the one-time plan. */
export function periodEnd(start: Date, cycle: BillingCycle): Date | null {
  if (cycle === "monthly") return addMonths(start, 1);
  if (cycle === "yearly") return addMonths(start, 12);
  return null;
}
