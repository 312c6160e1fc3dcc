import { studioErrorCodes, studioMessages, type TrainingState } from "@wonderkin/contract";
import { and, eq, isNull, or } from "drizzle-orm";
import { child } from "../../../db/schema";
import { sendJob } from "../../../jobs/job-definition";
import { sendJobInTransaction } from "../../../jobs/send-in-transaction";
import { AppError } from "../../../lib/app-error";
import { recordAnalyticsEvent } from "../../analytics/record-event";
import { type ChildRow, currentAge, findFamilyChild } from "../../children/child-record";
import { looksAdult } from "../../photos/age-plausibility";
import { childIdentity, descriptorToBytes, photosNotOfTheChild } from "../../photos/face-identity";
import type { PhotoRow } from "../../photos/photo-record";
import { describedPhotos, loadPhotoSet, photosBestFirst } from "../../photos/photo-set";
import { announceStudioIfDue, requestPreviews } from "../previews";
import type { StudioDeps } from "../studio-deps";
import { deleteModelJob, trainChildJob } from "../studio-job-specs";
import { handOverPhotos } from "./hand-over-photos";

const trainingStatuses = ["started", "completed", "failed"] as const;

export const TRAINING_FAILED =
  "Training didn't work on these photos. Try again, or replace a few photos first.";

export function toTrainingState(row: ChildRow): TrainingState {
  return {
    childId: row.id,
    status: trainingStatuses.find((status) => status === row.trainingStatus) ?? null,
    progress: row.trainingStatus === "completed" ? 100 : row.trainingProgress,
    failureReason: row.trainingFailureReason,
    startedAt: row.trainingStartedAt?.toISOString() ?? null,
    completedAt: row.trainingCompletedAt?.toISOString() ?? null,
  };
}

/**
 * Starts the child's training (or retries a failed one) once enough photos are in. The child is
 * marked started and the job queued in one transaction: two clicks start one training.
 */
export async function startTraining(
  deps: StudioDeps,
  options: { userId: string; familyId: string; childId: number },
): Promise<TrainingState> {
  const found = await findFamilyChild(deps.db, options);
  if (found.trainingStatus === "completed") {
    throw new AppError(409, studioErrorCodes.alreadyTrained, studioMessages.alreadyTrained);
  }
  if (found.trainingStatus === "started") {
    throw new AppError(409, studioErrorCodes.trainingInProgress, studioMessages.trainingInProgress);
  }
  const min = deps.env.PHOTOS_MIN_PER_CHILD;
  const photos = await loadPhotoSet(deps.db, found.id);
  if (photos.length < min) {
    throw new AppError(
      409,
      studioErrorCodes.notEnoughPhotos,
      studioMessages.notEnoughPhotos.replace("{min}", String(min)),
    );
  }
  const reference = checkOneChild(deps, found, photos);
  checkAdultQuestionsAnswered(found, photos);
  const started = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(child)
      .set({
        referenceDescriptor: reference ? descriptorToBytes(reference) : null,
        trainingStatus: "started",
        trainingProgress: 0,
        trainingFailureReason: null,
        trainingProviderId: null,
        trainingStartedByUserId: options.userId,
        trainingStartedAt: new Date(),
        trainingCompletedAt: null,
        studioAnnouncedAt: null,
      })
      .where(
        and(eq(child.id, found.id), or(isNull(child.trainingStatus), eq(child.trainingStatus, "failed"))),
      )
      .returning();
    if (!row) return null;
    await sendJobInTransaction(tx, deps.boss, trainChildJob, { childId: row.id });
    // Previews while it trains, if the uploads have not already brought them (previews.ts decides).
    await requestPreviews(tx, deps, { childId: row.id, userId: options.userId });
    return row;
  });
  if (!started)
    throw new AppError(409, studioErrorCodes.trainingInProgress, studioMessages.trainingInProgress);
  deps.wakeWorker?.(trainChildJob.name);
  return toTrainingState(started);
}

/**
 * The whole set checked again before training: every described photo must show the child. If the
 * set splits (or no two photos agree), training is refused and the parent told which photos to
 * remove. Answers the child's reference face, which training fixes for the portraits' likeness
 * checks (null when faces were not checked).
 */
export function checkOneChild(deps: StudioDeps, kid: ChildRow, photos: PhotoRow[]) {
  const described = describedPhotos(photos);
  if (described.length < 2) return described[0]?.descriptor ?? null;
  const identity = childIdentity(described, deps.env.FACE_MATCH_THRESHOLD);
  const photoIds = photosNotOfTheChild(identity);
  if (photoIds.length > 0) {
    throw new AppError(
      409,
      studioErrorCodes.photosOfDifferentPeople,
      studioMessages.photosOfDifferentPeople.replace("{name}", kid.firstName),
      { photoIds },
    );
  }
  return identity.reference;
}

/**
 * A photo that looks like an adult is a question to the parent ("is it Mia?"): training waits for
 * the answer (keep it, or remove it), since an adult's face in the set would teach the model the
 * wrong person. Photos already refused as someone else were named by `checkOneChild` first.
 */
export function checkAdultQuestionsAnswered(kid: ChildRow, photos: PhotoRow[]) {
  const age = currentAge(kid);
  const photoIds = photos.filter((photo) => looksAdult(photo, age)).map((photo) => photo.id);
  if (photoIds.length > 0) {
    throw new AppError(
      409,
      studioErrorCodes.adultQuestionsOpen,
      studioMessages.adultQuestionsOpen.replaceAll("{name}", kid.firstName),
      { photoIds },
    );
  }
}

async function findChild(deps: Pick<StudioDeps, "db">, childId: number): Promise<ChildRow | null> {
  const [row] = await deps.db.select().from(child).where(eq(child.id, childId));
  return row ?? null;
}

async function markFailed(deps: Pick<StudioDeps, "db">, row: ChildRow, reason: string): Promise<void> {
  await deps.db
    .update(child)
    .set({ trainingStatus: "failed", trainingFailureReason: reason })
    .where(and(eq(child.id, row.id), eq(child.trainingStatus, "started")));
}

/**
 * The training job: hands the child's photos to the image model (once — a retried job finds the
 * provider's run and only settles), then settles at once (the local model is done by then).
 */
export async function runTraining(deps: StudioDeps, childId: number): Promise<void> {
  const row = await findChild(deps, childId);
  if (row?.trainingStatus !== "started") return;
  if (!row.trainingProviderId) {
    const photos = await photosBestFirst(deps.db, {
      childId: row.id,
      childAge: currentAge(row),
      threshold: deps.env.FACE_MATCH_THRESHOLD,
    });
    const trainingId = await handOverPhotos(deps, {
      childId,
      triggerWord: row.triggerWord,
      photos,
      minPhotos: deps.env.PHOTOS_MIN_PER_CHILD,
      markFailed: (reason) => markFailed(deps, row, reason),
      onProgress: async (percent) => {
        await deps.db
          .update(child)
          .set({ trainingProgress: percent })
          .where(and(eq(child.id, childId), eq(child.trainingStatus, "started")));
      },
    });
    if (!trainingId) return;
    await deps.db
      .update(child)
      .set({ trainingProviderId: trainingId })
      .where(
        and(eq(child.id, childId), eq(child.trainingStatus, "started"), isNull(child.trainingProviderId)),
      );
    if (!(await findChild(deps, childId))) {
      // The child was deleted while its photos were being handed over: what the provider started
      // for it goes too (cancelled and removed, retried until done).
      await sendJob(deps.boss, deleteModelJob, { trainingId });
      return;
    }
  }
  await settleTraining(deps, childId);
}

/**
 * Asks the provider how the child's training is doing and records the answer. Whoever asks — job,
 * webhook, reconciler or parent — gets the same outcome; completion happens (and e-mails) once.
 */
export async function settleTraining(deps: StudioDeps, childId: number): Promise<ChildRow | null> {
  const row = await findChild(deps, childId);
  if (row?.trainingStatus !== "started" || !row.trainingProviderId) return row;
  const run = await deps.imageModel.getTraining(row.trainingProviderId);
  const stillThisRun = and(
    eq(child.id, childId),
    eq(child.trainingStatus, "started"),
    eq(child.trainingProviderId, row.trainingProviderId),
  );
  if (run.status === "running") {
    if (run.progress !== null && run.progress > row.trainingProgress) {
      await deps.db
        .update(child)
        .set({ trainingProgress: Math.min(99, run.progress) })
        .where(stillThisRun);
    }
  } else if (run.status === "failed" || !run.modelVersion) {
    await deps.db
      .update(child)
      .set({ trainingStatus: "failed", trainingFailureReason: TRAINING_FAILED })
      .where(stillThisRun);
  } else {
    const [completed] = await deps.db
      .update(child)
      .set({
        trainingStatus: "completed",
        trainingProgress: 100,
        modelVersion: run.modelVersion,
        trainingCompletedAt: new Date(),
        trainingFailureReason: null,
      })
      .where(stillThisRun)
      .returning();
    if (completed) {
      if (completed.trainingStartedByUserId) {
        await recordAnalyticsEvent(deps.db, {
          userId: completed.trainingStartedByUserId,
          name: "training_completed",
          properties: { childId: completed.id },
        });
      }
      await announceStudioIfDue(deps, completed.id);
    }
  }
  return findChild(deps, childId);
}

/** The training state for the family's child; with `settle`, asks the provider first (manual completion). */
export async function trainingStateOf(
  deps: StudioDeps,
  options: { familyId: string; childId: number; settle?: boolean },
): Promise<TrainingState> {
  const found = await findFamilyChild(deps.db, options);
  if (!options.settle) return toTrainingState(found);
  return toTrainingState((await settleTraining(deps, found.id)) ?? found);
}
