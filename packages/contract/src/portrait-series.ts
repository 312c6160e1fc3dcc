import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * Grow with me (issue 33, decision 0068): a style a parent turns into a yearly series for a child.
 * Once a year, on the child's birthday or a day the parent picks, the product e-mails a reminder to
 * add a few new photos, so the same style can be made again and the years set side by side.
 */

/** A month and day that comes round every year (29 February falls on the 28th in other years). */
export const yearlyDaySchema = z
  .object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) })
  .refine(({ month, day }) => day <= daysInMonth(2024, month), {
    message: "That day does not exist in that month.",
    path: ["day"],
  });
export type YearlyDay = z.infer<typeof yearlyDaySchema>;

/** Days in a month of a year (month 1–12); 2024 being a leap year makes it the widest calendar. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** One year of a series: the portrait of its style from that calendar year, if one was made. */
export const seriesYearSchema = z.object({
  year: z.number().int(),
  /** The year's favourite portrait of the style, else its newest; null while none was made. */
  portrait: z
    .object({
      id: z.string(),
      /** A signed address that expires (never store it); sizes as for the gallery's pictures. */
      url: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    })
    .nullable(),
});
export type SeriesYear = z.infer<typeof seriesYearSchema>;

/** birthday: the day comes from the child's birth date; chosen: the parent picked it. */
export const seriesDaySources = ["birthday", "chosen"] as const;

export const portraitSeriesSchema = z.object({
  id: z.string(),
  childId: z.number().int().positive(),
  styleId: z.string(),
  /** The day the yearly reminder goes out, and where it came from. */
  remindOn: z.object({
    month: z.number().int(),
    day: z.number().int(),
    source: z.enum(seriesDaySources),
  }),
  /** The next reminder's date (YYYY-MM-DD, UTC). */
  nextReminderOn: z.string(),
  /** The years a reminder went out, oldest first. */
  remindedYears: z.array(z.number().int()),
  /**
   * "Through the years": every year from the first portrait of the style (or the series' start)
   * to this one, oldest first.
   */
  years: z.array(seriesYearSchema),
  /** A signed address of the years' A4 poster (PDF); null while no year has a portrait. */
  posterUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PortraitSeries = z.infer<typeof portraitSeriesSchema>;

export const createPortraitSeriesRequestSchema = z.object({
  childId: z.number().int().positive(),
  styleId: z.string().min(1).max(64),
  /** Left out: the child's birthday (SERIES_DAY_NEEDED when the child has only an age). */
  remindOn: yearlyDaySchema.optional(),
});
export type CreatePortraitSeriesRequest = z.infer<typeof createPortraitSeriesRequestSchema>;

/** Turns a style into a yearly series for a child. */
export const createPortraitSeriesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/series",
  family: { permission: { resource: "image", action: "generate" } },
  request: createPortraitSeriesRequestSchema,
  response: z.object({ series: portraitSeriesSchema }),
});

/** A child's series, oldest first, and whether the acting parent gets their reminders. */
export const portraitSeriesListEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/series/list",
  family: { permission: { resource: "image", action: "read" } },
  request: z.object({ childId: z.number().int().positive() }),
  response: z.object({ series: z.array(portraitSeriesSchema), remindersByEmail: z.boolean() }),
});

/** Ends a series: no more reminders (the portraits already made stay in the gallery). */
export const deletePortraitSeriesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/series/delete",
  family: { permission: { resource: "image", action: "generate" } },
  request: z.object({ seriesId: z.string().min(1).max(64) }),
  response: z.object({ deleted: z.literal(true) }),
});

export const portraitSeriesErrorCodes = {
  styleUnknown: "SERIES_STYLE_UNKNOWN",
  dayNeeded: "SERIES_DAY_NEEDED",
  alreadySeries: "SERIES_ALREADY_EXISTS",
  notFound: "SERIES_NOT_FOUND",
  posterEmpty: "SERIES_POSTER_EMPTY",
} as const;

export const portraitSeriesMessages = {
  styleUnknown: "That style is not in the catalogue. Pick one of the studio's styles.",
  dayNeeded:
    "We know this child's age but not their birthday. Pick the day each year when you would like the reminder.",
  alreadySeries: "This style is already a yearly series for this child.",
  notFound: "This series does not exist any more.",
  posterEmpty: "This series has no portrait yet. Make one in the studio, then print the poster.",
} as const;

/** The poster's address, before it is signed. */
export const seriesPosterPath = (seriesId: string) => `/api/series/${seriesId}/poster.pdf`;
