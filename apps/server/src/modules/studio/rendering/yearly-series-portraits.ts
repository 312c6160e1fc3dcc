import type { YearlySeriesRender } from "@wonderkin/contract";
import { asc, eq } from "drizzle-orm";
import { child, childYearlyUpdate, portraitSeries } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import type { StudioDeps } from "../studio-deps";
import { generatePortraits } from "./generate-portraits";

const STARTER_LEFT = "Whoever started the update has left the family. Make it in the studio.";

/**
 * Each yearly series of the child gets this year's portrait in its style, made with the model the
 * update just trained and paid by the parent who started the update, like any portrait they ask
 * for (the page says so before they start). Each outcome is recorded as soon as it is known, and a
 * style already recorded is skipped, so a retried job makes no portrait twice.
 */
export async function makeYearlySeriesPortraits(deps: StudioDeps, updateId: string): Promise<void> {
  const [update] = await deps.db
    .select({
      childId: childYearlyUpdate.childId,
      status: childYearlyUpdate.status,
      startedByUserId: childYearlyUpdate.startedByUserId,
      seriesRenders: childYearlyUpdate.seriesRenders,
      seriesMadeAt: childYearlyUpdate.seriesMadeAt,
      familyId: child.organizationId,
    })
    .from(childYearlyUpdate)
    .innerJoin(child, eq(child.id, childYearlyUpdate.childId))
    .where(eq(childYearlyUpdate.id, updateId));
  if (update?.status !== "completed" || update.seriesMadeAt) return;
  const series = await deps.db
    .select({ styleId: portraitSeries.styleId })
    .from(portraitSeries)
    .where(eq(portraitSeries.childId, update.childId))
    .orderBy(asc(portraitSeries.createdAt));
  const renders = [...update.seriesRenders];
  for (const { styleId } of series) {
    if (renders.some((render) => render.styleId === styleId)) continue;
    renders.push(await makeOne(deps, { ...update, styleId }));
    await deps.db
      .update(childYearlyUpdate)
      .set({ seriesRenders: renders })
      .where(eq(childYearlyUpdate.id, updateId));
  }
  await deps.db
    .update(childYearlyUpdate)
    .set({ seriesMadeAt: new Date() })
    .where(eq(childYearlyUpdate.id, updateId));
}

async function makeOne(
  deps: StudioDeps,
  options: { startedByUserId: string | null; familyId: string; childId: number; styleId: string },
): Promise<YearlySeriesRender> {
  const { startedByUserId, styleId } = options;
  if (!startedByUserId) return { styleId, imageId: null, problem: STARTER_LEFT };
  try {
    const { images } = await generatePortraits(deps, {
      userId: startedByUserId,
      familyId: options.familyId,
      childId: options.childId,
      styleId,
      count: 1,
    });
    return { styleId, imageId: images[0]?.id ?? null, problem: null };
  } catch (error) {
    // The parent's own reasons (no credits left, a style their plan lost, a paused family) are
    // theirs to read; anything else fails the job, which tries again.
    if (error instanceof AppError) return { styleId, imageId: null, problem: error.message };
    throw error;
  }
}
