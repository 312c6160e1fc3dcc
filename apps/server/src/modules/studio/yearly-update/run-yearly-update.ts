import { and, eq, isNull } from "drizzle-orm";
import { child, childYearlyUpdate } from "../../../db/schema";
import { sendJob } from "../../../jobs/job-definition";
import { sendJobInTransaction } from "../../../jobs/send-in-transaction";
import { currentAge } from "../../children/child-record";
import { photosBestFirst } from "../../photos/photo-set";
import type { StudioDeps } from "../studio-deps";
import { deleteModelJob, yearlySeriesPortraitsJob } from "../studio-job-specs";
import { handOverPhotos, TRAINING_FAILED } from "../training";
import { findYearlyUpdate, photosNeededFor, type YearlyUpdateRow } from "./yearly-update-record";

/**
 * The old model is deleted at the provider this long after the new one took over: portraits that
 * started rendering with it just before finish first (a render reads the model when it starts).
 */
const OLD_MODEL_GRACE_SECONDS = 60 * 60;

const stillRunning = (updateId: string) =>
  and(eq(childYearlyUpdate.id, updateId), eq(childYearlyUpdate.status, "started"));

async function markFailed(deps: Pick<StudioDeps, "db">, updateId: string, reason: string) {
  await deps.db
    .update(childYearlyUpdate)
    .set({ status: "failed", failureReason: reason, referenceDescriptor: null })
    .where(stillRunning(updateId));
}

/**
 * The update's job: hands this year's photos to the image model (once — a retried job finds the
 * provider's run and only settles), then settles at once (the local model is done by then).
 */
export async function runYearlyUpdate(deps: StudioDeps, updateId: string): Promise<void> {
  const update = await findYearlyUpdate(deps.db, updateId);
  if (update?.status !== "started") return;
  if (!update.providerId) {
    const [kid] = await deps.db.select().from(child).where(eq(child.id, update.childId));
    if (!kid) return;
    // The photos chosen at the start, as many as are still there (a parent may remove one meanwhile).
    const photos = await photosBestFirst(deps.db, {
      childId: kid.id,
      childAge: currentAge(kid),
      threshold: deps.env.FACE_MATCH_THRESHOLD,
      photoIds: update.photoIds,
    });
    const trainingId = await handOverPhotos(deps, {
      childId: kid.id,
      triggerWord: kid.triggerWord,
      photos,
      minPhotos: photosNeededFor(deps),
      markFailed: (reason) => markFailed(deps, updateId, reason),
      onProgress: async (percent) => {
        await deps.db.update(childYearlyUpdate).set({ progress: percent }).where(stillRunning(updateId));
      },
    });
    if (!trainingId) return;
    const [recorded] = await deps.db
      .update(childYearlyUpdate)
      .set({ providerId: trainingId })
      .where(and(stillRunning(updateId), isNull(childYearlyUpdate.providerId)))
      .returning({ id: childYearlyUpdate.id });
    if (!recorded) {
      // The child (and so its update) was deleted while the photos were being handed over: what the
      // provider started for it goes too (cancelled and removed, retried until done).
      await sendJob(deps.boss, deleteModelJob, { trainingId });
      return;
    }
  }
  await settleYearlyUpdate(deps, updateId);
}

/**
 * Asks the provider how the update's training is doing and records the answer. Whoever asks — job,
 * webhook or reconciler — gets the same outcome; completion happens (and renders) once.
 */
export async function settleYearlyUpdate(deps: StudioDeps, updateId: string): Promise<void> {
  const update = await findYearlyUpdate(deps.db, updateId);
  if (update?.status !== "started" || !update.providerId) return;
  const run = await deps.imageModel.getTraining(update.providerId);
  if (run.status === "running") {
    if (run.progress !== null && run.progress > update.progress) {
      await deps.db
        .update(childYearlyUpdate)
        .set({ progress: Math.min(99, run.progress) })
        .where(stillRunning(updateId));
    }
  } else if (run.status === "failed" || !run.modelVersion) {
    await markFailed(deps, updateId, TRAINING_FAILED);
  } else if (await completeYearlyUpdate(deps, update, run.modelVersion)) {
    deps.wakeWorker?.(yearlySeriesPortraitsJob.name);
  }
}

/**
 * The new model takes over in one transaction: the child's model, reference face and training date
 * become this year's (its photos are then kept TRAINING_PHOTO_RETENTION_DAYS from now, like any
 * training's), the old model's deletion is queued, and so is the job that makes each yearly
 * series' portrait with the new model. Answers whether this call completed it.
 */
async function completeYearlyUpdate(
  deps: StudioDeps,
  update: YearlyUpdateRow,
  modelVersion: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [completed] = await tx
      .update(childYearlyUpdate)
      .set({ status: "completed", progress: 100, completedAt: new Date(), referenceDescriptor: null })
      .where(stillRunning(update.id))
      .returning();
    if (!completed) return false;
    const [kid] = await tx.select().from(child).where(eq(child.id, update.childId)).for("update");
    if (!kid) return false;
    await tx
      .update(child)
      .set({
        modelVersion,
        referenceDescriptor: update.referenceDescriptor ?? kid.referenceDescriptor,
        trainingStartedAt: update.startedAt,
        trainingCompletedAt: completed.completedAt,
      })
      .where(eq(child.id, kid.id));
    if (kid.modelVersion && kid.modelVersion !== modelVersion) {
      await sendJobInTransaction(
        tx,
        deps.boss,
        deleteModelJob,
        { modelVersion: kid.modelVersion },
        { startAfter: OLD_MODEL_GRACE_SECONDS },
      );
    }
    await sendJobInTransaction(tx, deps.boss, yearlySeriesPortraitsJob, { updateId: update.id });
    return true;
  });
}
