import { randomUUID } from "node:crypto";
import {
  type CreatePortraitSeriesRequest,
  findStyle,
  type PortraitSeries,
  portraitSeriesErrorCodes,
  portraitSeriesMessages,
} from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { portraitSeries } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import type { Storage } from "../../../providers/storage/storage";
import { findFamilyChild } from "../../children/child-record";
import { isOptedOut } from "../../mail/email-opt-out";
import { birthdayOf } from "./series-dates";
import { remindedYearsOf, type SeriesRow, seriesOfChild, toPortraitSeries } from "./series-record";
import { type MediaSigning, portraitsOfStyles, seriesYearsView, yearsOfSeries } from "./series-years";

type Actor = { familyId: string; userId: string };

/** What the series' answers need: the database, and the storage and key that sign their pictures. */
export type SeriesDeps = MediaSigning & { db: Database; storage: Storage };

/** The API's view of a child's series, with their years and reminders. */
async function viewOfSeries(deps: SeriesDeps, childId: number, rows: SeriesRow[], now: Date) {
  const [reminded, portraits] = await Promise.all([
    remindedYearsOf(
      deps.db,
      rows.map((row) => row.id),
    ),
    portraitsOfStyles(deps.db, { childId, styleIds: rows.map((row) => row.styleId) }),
  ]);
  return rows.map((row) =>
    toPortraitSeries(
      row,
      reminded.get(row.id) ?? [],
      seriesYearsView(deps.storage, deps, row, yearsOfSeries(row, portraits, now), now),
      now,
    ),
  );
}

/**
 * Turns a style into a yearly series for a child (decision 0068). The reminder's day is the one
 * the parent picked, or else the child's birthday; a child known only by age needs a picked day.
 * One series per child and style: a second answers 409 and changes nothing.
 */
export async function createPortraitSeries(
  deps: SeriesDeps,
  options: Actor & { request: CreatePortraitSeriesRequest; now?: Date },
): Promise<{ series: PortraitSeries }> {
  const { db } = deps;
  const { request } = options;
  const style = findStyle(request.styleId);
  if (!style)
    throw new AppError(400, portraitSeriesErrorCodes.styleUnknown, portraitSeriesMessages.styleUnknown);
  const kid = await findFamilyChild(db, { familyId: options.familyId, childId: request.childId });
  const day = request.remindOn ?? (kid.birthDate ? birthdayOf(kid.birthDate) : null);
  if (!day) throw new AppError(400, portraitSeriesErrorCodes.dayNeeded, portraitSeriesMessages.dayNeeded);
  const [row] = await db
    .insert(portraitSeries)
    .values({
      id: randomUUID(),
      childId: kid.id,
      organizationId: options.familyId,
      styleId: style.id,
      createdByUserId: options.userId,
      remindMonth: day.month,
      remindDay: day.day,
      remindSource: request.remindOn ? "chosen" : "birthday",
      ...(options.now ? { createdAt: options.now } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new AppError(409, portraitSeriesErrorCodes.alreadySeries, portraitSeriesMessages.alreadySeries);
  const [series] = await viewOfSeries(deps, kid.id, [row], options.now ?? new Date());
  if (!series) throw new Error("the series just written");
  return { series };
}

export async function listPortraitSeries(
  deps: SeriesDeps,
  options: Actor & { childId: number; now?: Date },
): Promise<{ series: PortraitSeries[]; remindersByEmail: boolean }> {
  const kid = await findFamilyChild(deps.db, { familyId: options.familyId, childId: options.childId });
  const rows = await seriesOfChild(deps.db, kid.id);
  return {
    series: await viewOfSeries(deps, kid.id, rows, options.now ?? new Date()),
    remindersByEmail: !(await isOptedOut(deps.db, options.userId, "series-reminders")),
  };
}

/** Ends a series of this family: its reminders stop; portraits already made stay in the gallery. */
export async function deletePortraitSeries(
  db: Database,
  options: Actor & { seriesId: string },
): Promise<{ deleted: true }> {
  const deleted = await db
    .delete(portraitSeries)
    .where(and(eq(portraitSeries.id, options.seriesId), eq(portraitSeries.organizationId, options.familyId)))
    .returning({ id: portraitSeries.id });
  if (deleted.length === 0) {
    throw new AppError(404, portraitSeriesErrorCodes.notFound, portraitSeriesMessages.notFound);
  }
  return { deleted: true };
}
