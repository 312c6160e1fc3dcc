import { and, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { child, childYearlyUpdate, generatedImage } from "../../../db/schema";
import { sendJob } from "../../../jobs/job-definition";
import { unfinishedStatuses } from "../portrait-record";
import type { StudioDeps } from "../studio-deps";
import {
  renderPortraitJob,
  trainChildJob,
  yearlySeriesPortraitsJob,
  yearlyUpdateJob,
} from "../studio-job-specs";
import { settleTraining } from "../training";
import { settleYearlyUpdate } from "../yearly-update";
import { failPortrait, PORTRAIT_DEADLINE_MS, settlePortrait } from "./portrait-lifecycle";

/** Providers train for up to about an hour; beyond this a training has failed. */
const TRAINING_DEADLINE_MS = 6 * 60 * 60 * 1000;
/** A run this quiet is asked about directly (its webhook may be lost). */
const QUIET_MS = 60 * 1000;
/** A queued job that never got its run started this long ago is sent again. */
const REQUEUE_MS = 5 * 60 * 1000;

/**
 * The safety net for lost webhooks and lost jobs, run every two minutes by one worker: asks the
 * provider about quiet runs, re-sends jobs that never started, and fails (refunding) what is past
 * its deadline. Each step is the same idempotent function the webhook and the jobs use.
 */
export async function reconcileStudio(deps: StudioDeps, now = new Date()): Promise<{ settled: number }> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  let settled = 0;

  const trainings = await deps.db
    .select({ id: child.id, providerId: child.trainingProviderId, startedAt: child.trainingStartedAt })
    .from(child)
    .where(and(eq(child.trainingStatus, "started"), lt(child.trainingStartedAt, ago(QUIET_MS))));
  for (const training of trainings) {
    await reconcileTrainingRun(ago, training, {
      requeue: () =>
        sendJob(deps.boss, trainChildJob, { childId: training.id }, { singletonKey: `train-${training.id}` }),
      fail: async () => {
        await deps.db
          .update(child)
          .set({ trainingStatus: "failed", trainingFailureReason: "Training took too long. Try again." })
          .where(and(eq(child.id, training.id), eq(child.trainingStatus, "started")));
      },
      settle: () => settleTraining(deps, training.id),
    });
    settled += 1;
  }
  settled += await reconcileYearlyUpdates(deps, ago);

  const unstarted = await deps.db
    .select({ id: generatedImage.id })
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.status, "pending"),
        isNull(generatedImage.providerPredictionId),
        lt(generatedImage.createdAt, ago(REQUEUE_MS)),
      ),
    );
  for (const image of unstarted) {
    await sendJob(
      deps.boss,
      renderPortraitJob,
      { imageId: image.id },
      { singletonKey: `render-${image.id}` },
    );
  }

  const quiet = await deps.db
    .select({ id: generatedImage.id, createdAt: generatedImage.createdAt })
    .from(generatedImage)
    .where(
      and(
        inArray(generatedImage.status, [...unfinishedStatuses]),
        isNotNull(generatedImage.providerPredictionId),
        lt(generatedImage.startedAt, ago(QUIET_MS)),
      ),
    );
  for (const image of quiet) {
    const row = await settlePortrait(deps, image.id);
    if (
      row &&
      row.status !== "succeeded" &&
      row.status !== "failed" &&
      image.createdAt < ago(PORTRAIT_DEADLINE_MS)
    ) {
      await failPortrait(deps, image.id, "Took too long at the provider");
    }
    settled += 1;
  }
  return { settled: settled + unstarted.length };
}

/**
 * One quiet training run, a child's first or a yearly update's: its job never handed the photos
 * over (sent again after REQUEUE_MS), it is past its deadline (failed), or it is asked about.
 */
async function reconcileTrainingRun(
  ago: (ms: number) => Date,
  run: { providerId: string | null; startedAt: Date | null },
  steps: { requeue: () => Promise<unknown>; fail: () => Promise<void>; settle: () => Promise<unknown> },
): Promise<void> {
  if (!run.providerId) {
    if (run.startedAt && run.startedAt < ago(REQUEUE_MS)) await steps.requeue();
  } else if (run.startedAt && run.startedAt < ago(TRAINING_DEADLINE_MS)) {
    await steps.fail();
  } else {
    await steps.settle();
  }
}

/**
 * The same safety net for yearly updates: their training runs like a first one, and a completed
 * one's series' portraits are asked for even if their job was lost.
 */
async function reconcileYearlyUpdates(deps: StudioDeps, ago: (ms: number) => Date): Promise<number> {
  const updates = await deps.db
    .select({
      id: childYearlyUpdate.id,
      providerId: childYearlyUpdate.providerId,
      startedAt: childYearlyUpdate.startedAt,
    })
    .from(childYearlyUpdate)
    .where(and(eq(childYearlyUpdate.status, "started"), lt(childYearlyUpdate.startedAt, ago(QUIET_MS))));
  for (const update of updates) {
    await reconcileTrainingRun(ago, update, {
      requeue: () =>
        sendJob(deps.boss, yearlyUpdateJob, { updateId: update.id }, { singletonKey: `yearly-${update.id}` }),
      fail: async () => {
        await deps.db
          .update(childYearlyUpdate)
          .set({
            status: "failed",
            failureReason: "The update took too long. Try again.",
            referenceDescriptor: null,
          })
          .where(and(eq(childYearlyUpdate.id, update.id), eq(childYearlyUpdate.status, "started")));
      },
      settle: () => settleYearlyUpdate(deps, update.id),
    });
  }
  // A completed update whose series' portraits were never asked for (their job lost): sent again.
  const unmade = await deps.db
    .select({ id: childYearlyUpdate.id })
    .from(childYearlyUpdate)
    .where(
      and(
        eq(childYearlyUpdate.status, "completed"),
        isNull(childYearlyUpdate.seriesMadeAt),
        lt(childYearlyUpdate.completedAt, ago(REQUEUE_MS)),
      ),
    );
  for (const update of unmade) {
    await sendJob(
      deps.boss,
      yearlySeriesPortraitsJob,
      { updateId: update.id },
      { singletonKey: `yearly-series-${update.id}` },
    );
  }
  return updates.length;
}
