import { findStyle, portraitSeriesErrorCodes, portraitSeriesMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { child, portraitSeries } from "../../../db/schema";
import type { ImageWork } from "../../../image-work/image-work";
import { AppError } from "../../../lib/app-error";
import type { Storage } from "../../../providers/storage/storage";
import { fileNameSlug } from "../storybook-record";
import { portraitsOfStyles, yearsOfSeries } from "./series-years";

/** "theo-astronaut-through-the-years.pdf" */
const posterFileName = (childName: string, styleId: string) =>
  `${fileNameSlug(`${childName} ${styleId}`) || "wonderkin"}-through-the-years.pdf`;

/**
 * The series' A4 poster, made when asked from the portraits there are now: never stored, so a
 * portrait deleted since is never in it and nothing is left to delete (decision 0068).
 */
export async function makeSeriesPoster(
  deps: { db: Database; storage: Storage; imageWork: Pick<ImageWork, "makeSeriesPosterPdf"> },
  options: { seriesId: string; now?: Date },
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const now = options.now ?? new Date();
  const [found] = await deps.db
    .select({ series: portraitSeries, childName: child.firstName })
    .from(portraitSeries)
    .innerJoin(child, eq(child.id, portraitSeries.childId))
    .where(eq(portraitSeries.id, options.seriesId));
  if (!found) throw new AppError(404, portraitSeriesErrorCodes.notFound, portraitSeriesMessages.notFound);
  const { series, childName } = found;
  const portraits = await portraitsOfStyles(deps.db, { childId: series.childId, styleIds: [series.styleId] });
  const years = yearsOfSeries(series, portraits, now).flatMap(({ year, portrait }) =>
    portrait ? [{ year, storageKey: portrait.storageKey }] : [],
  );
  const pictures = await Promise.all(
    years.map(async ({ year, storageKey }) => ({ year, portrait: await deps.storage.get(storageKey) })),
  );
  const present = pictures.flatMap(({ year, portrait }) => (portrait ? [{ year, portrait }] : []));
  if (present.length === 0) {
    throw new AppError(409, portraitSeriesErrorCodes.posterEmpty, portraitSeriesMessages.posterEmpty);
  }
  const pdf = await deps.imageWork.makeSeriesPosterPdf({
    childName,
    styleName: findStyle(series.styleId)?.title ?? series.styleId,
    years: present,
    madeAt: now.toISOString(),
  });
  return { pdf, fileName: posterFileName(childName, series.styleId) };
}
