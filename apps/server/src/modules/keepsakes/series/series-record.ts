import type { PortraitSeries } from "@wonderkin/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { portraitSeries, portraitSeriesReminder } from "../../../db/schema";
import { isoDay, nextReminderDate } from "./series-dates";

export type SeriesRow = typeof portraitSeries.$inferSelect;

export const seriesDayOf = (row: SeriesRow) => ({ month: row.remindMonth, day: row.remindDay });

export function toPortraitSeries(
  row: SeriesRow,
  remindedYears: number[],
  view: Pick<PortraitSeries, "years" | "posterUrl">,
  now: Date,
): PortraitSeries {
  return {
    ...view,
    id: row.id,
    childId: row.childId,
    styleId: row.styleId,
    remindOn: {
      month: row.remindMonth,
      day: row.remindDay,
      source: row.remindSource === "birthday" ? "birthday" : "chosen",
    },
    nextReminderOn: isoDay(nextReminderDate(seriesDayOf(row), row.createdAt, now, remindedYears)),
    remindedYears,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The years each of these series was reminded, oldest first. */
export async function remindedYearsOf(db: Database, seriesIds: string[]): Promise<Map<string, number[]>> {
  const years = new Map<string, number[]>(seriesIds.map((id) => [id, []]));
  if (seriesIds.length === 0) return years;
  const rows = await db
    .select({ seriesId: portraitSeriesReminder.seriesId, year: portraitSeriesReminder.year })
    .from(portraitSeriesReminder)
    .where(inArray(portraitSeriesReminder.seriesId, seriesIds))
    .orderBy(asc(portraitSeriesReminder.year));
  for (const row of rows) years.get(row.seriesId)?.push(row.year);
  return years;
}

/** A child's series, oldest first. */
export async function seriesOfChild(db: Database, childId: number): Promise<SeriesRow[]> {
  return db
    .select()
    .from(portraitSeries)
    .where(eq(portraitSeries.childId, childId))
    .orderBy(asc(portraitSeries.createdAt), asc(portraitSeries.id));
}
