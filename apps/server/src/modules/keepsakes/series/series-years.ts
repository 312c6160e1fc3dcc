import { type SeriesYear, seriesPosterPath } from "@wonderkin/contract";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { generatedImage } from "../../../db/schema";
import { signPath } from "../../../lib/signed-url";
import type { Storage } from "../../../providers/storage/storage";
import { keepsakeReadyPicture } from "../storybook-portraits";
import type { SeriesRow } from "./series-record";

/** A finished portrait that can stand for a year: not a free preview, not withheld. */
export type YearPortrait = {
  id: string;
  styleId: string;
  storageKey: string;
  width: number | null;
  height: number | null;
  createdAt: Date;
  favouriteAt: Date | null;
};

/** The child's finished portraits of these styles, newest first. */
export async function portraitsOfStyles(
  db: Database,
  options: { childId: number; styleIds: string[] },
): Promise<YearPortrait[]> {
  if (options.styleIds.length === 0) return [];
  const rows = await db
    .select({
      id: generatedImage.id,
      styleId: generatedImage.styleId,
      storageKey: generatedImage.storageKey,
      width: generatedImage.width,
      height: generatedImage.height,
      createdAt: generatedImage.createdAt,
      favouriteAt: generatedImage.favouriteAt,
    })
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.childId, options.childId),
        inArray(generatedImage.styleId, options.styleIds),
        ne(generatedImage.kind, "preview"),
        keepsakeReadyPicture(),
      ),
    )
    .orderBy(desc(generatedImage.createdAt), desc(generatedImage.id));
  return rows.flatMap((row) => (row.storageKey ? [{ ...row, storageKey: row.storageKey }] : []));
}

/**
 * One entry per calendar year (UTC) from the first portrait of the series' style (or the year the
 * series began, if earlier) to `now`'s year, each with that year's favourite portrait of the style,
 * else its newest. Years without one stay in the list, empty: the gap is part of the story.
 */
export function yearsOfSeries(
  series: Pick<SeriesRow, "styleId" | "createdAt">,
  portraits: YearPortrait[],
  now: Date,
): { year: number; portrait: YearPortrait | null }[] {
  const ofStyle = portraits.filter((portrait) => portrait.styleId === series.styleId);
  const yearOf = (date: Date) => date.getUTCFullYear();
  const first = Math.min(yearOf(series.createdAt), ...ofStyle.map((portrait) => yearOf(portrait.createdAt)));
  const last = Math.max(yearOf(now), ...ofStyle.map((portrait) => yearOf(portrait.createdAt)));
  const years: { year: number; portrait: YearPortrait | null }[] = [];
  for (let year = first; year <= last; year += 1) {
    const ofYear = ofStyle.filter((portrait) => yearOf(portrait.createdAt) === year);
    const favourite = ofYear
      .filter((portrait) => portrait.favouriteAt !== null)
      .sort((a, b) => (b.favouriteAt?.getTime() ?? 0) - (a.favouriteAt?.getTime() ?? 0))[0];
    years.push({ year, portrait: favourite ?? ofYear[0] ?? null });
  }
  return years;
}

export type MediaSigning = { mediaSecret: string; mediaTtlSeconds: number };

/** The years as the API shows them (signed picture addresses), and the poster's signed address. */
export function seriesYearsView(
  storage: Storage,
  signing: MediaSigning,
  series: Pick<SeriesRow, "id" | "styleId" | "createdAt">,
  years: { year: number; portrait: YearPortrait | null }[],
  now: Date,
): { years: SeriesYear[]; posterUrl: string | null } {
  return {
    years: years.map(({ year, portrait }) => ({
      year,
      portrait: portrait
        ? {
            id: portrait.id,
            url: storage.pictureUrl(portrait.storageKey),
            width: portrait.width,
            height: portrait.height,
          }
        : null,
    })),
    posterUrl: years.some(({ portrait }) => portrait)
      ? signPath(signing.mediaSecret, seriesPosterPath(series.id), now.getTime(), signing.mediaTtlSeconds)
      : null,
  };
}
