import { type YearlyUpdateState, yearlyPhotosNeeded, yearlyUpdateAvailableOn } from "@wonderkin/contract";
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { childPhoto, childYearlyUpdate } from "../../../db/schema";
import type { ChildRow } from "../../children/child-record";
import type { StudioDeps } from "../studio-deps";

export type YearlyUpdateRow = typeof childYearlyUpdate.$inferSelect;

export const photosNeededFor = (deps: Pick<StudioDeps, "env">) =>
  yearlyPhotosNeeded(deps.env.PHOTOS_MIN_PER_CHILD);

/** The first day an update can start (YYYY-MM-DD, UTC); null for a child not trained yet. */
export function updateAvailableOn(deps: Pick<StudioDeps, "env">, kid: ChildRow): string | null {
  return yearlyUpdateAvailableOn(kid, deps.env.YEARLY_UPDATE_MIN_DAYS);
}

/**
 * Photos are "this year's" when added after the model in use started training: the ones before it
 * are what it was trained on (retention.ts deletes those by the same line).
 */
export const addedSinceTraining = (kid: ChildRow) =>
  and(eq(childPhoto.childId, kid.id), gt(childPhoto.createdAt, kid.trainingStartedAt ?? new Date(0)));

export async function latestYearlyUpdate(db: Database, childId: number): Promise<YearlyUpdateRow | null> {
  const [row] = await db
    .select()
    .from(childYearlyUpdate)
    .where(eq(childYearlyUpdate.childId, childId))
    .orderBy(desc(childYearlyUpdate.startedAt))
    .limit(1);
  return row ?? null;
}

export async function findYearlyUpdate(db: Database, updateId: string): Promise<YearlyUpdateRow | null> {
  const [row] = await db.select().from(childYearlyUpdate).where(eq(childYearlyUpdate.id, updateId));
  return row ?? null;
}

export async function toYearlyUpdateState(
  deps: Pick<StudioDeps, "db" | "env">,
  kid: ChildRow,
  latest: YearlyUpdateRow | null,
): Promise<YearlyUpdateState> {
  const [added] =
    kid.trainingStatus === "completed"
      ? await deps.db.select({ photos: count() }).from(childPhoto).where(addedSinceTraining(kid))
      : [];
  return {
    childId: kid.id,
    status: latest ? (latest.status as YearlyUpdateState["status"]) : null,
    progress: latest?.status === "completed" ? 100 : (latest?.progress ?? 0),
    failureReason: latest?.failureReason ?? null,
    startedAt: latest?.startedAt.toISOString() ?? null,
    completedAt: latest?.completedAt?.toISOString() ?? null,
    modelTrainedAt:
      kid.trainingStatus === "completed" ? (kid.trainingCompletedAt?.toISOString() ?? null) : null,
    availableOn: updateAvailableOn(deps, kid),
    newPhotosSince:
      kid.trainingStatus === "completed" ? (kid.trainingStartedAt?.toISOString() ?? null) : null,
    newPhotoCount: added?.photos ?? 0,
    minPhotos: photosNeededFor(deps),
    seriesRenders: latest?.seriesRenders ?? [],
    seriesPending: latest?.status === "completed" && latest.seriesMadeAt === null,
  };
}
