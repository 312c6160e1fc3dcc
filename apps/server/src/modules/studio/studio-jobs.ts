import { defineJob } from "../../jobs/define-job";
import { makePreviews } from "./previews";
import { makeYearlySeriesPortraits, reconcileStudio, runRender } from "./rendering";
import type { StudioDeps } from "./studio-deps";
import {
  makePreviewsJob,
  reconcileStudioJob,
  renderPortraitJob,
  renderVideoJob,
  trainChildJob,
  yearlySeriesPortraitsJob,
  yearlyUpdateJob,
} from "./studio-job-specs";
import { runTraining } from "./training";
import { renderPortraitVideo } from "./video-print";
import { runYearlyUpdate } from "./yearly-update";

type Deps = { studio: StudioDeps };

/**
 * A training's hand-over, a first one's or a yearly update's: local training takes seconds, a
 * provider's start call a few, so an hour means something is stuck.
 */
const handOverOptions = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 };

export const studioJobs = [
  defineJob(trainChildJob, {
    concurrency: (deps: Deps) => deps.studio.env.TRAINING_CONCURRENCY,
    options: handOverOptions,
    async handle(payload, deps: Deps) {
      await runTraining(deps.studio, payload.childId);
    },
  }),
  defineJob(yearlyUpdateJob, {
    concurrency: (deps: Deps) => deps.studio.env.TRAINING_CONCURRENCY,
    options: handOverOptions,
    async handle(payload, deps: Deps) {
      await runYearlyUpdate(deps.studio, payload.updateId);
    },
  }),
  defineJob(yearlySeriesPortraitsJob, {
    concurrency: (deps: Deps) => deps.studio.env.RENDER_CONCURRENCY,
    // A few rows per series (the portraits render in their own jobs): a failure is the database's.
    options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
    async handle(payload, deps: Deps) {
      await makeYearlySeriesPortraits(deps.studio, payload.updateId);
    },
  }),
  defineJob(renderPortraitJob, {
    concurrency: (deps: Deps) => deps.studio.env.RENDER_CONCURRENCY,
    // A render job starts a prediction and, on the local model, draws it: seconds. A job held by a
    // worker that died is handed out again after this long (the reconciler settles the rest).
    options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 180 },
    async handle(payload, deps: Deps) {
      await runRender(deps.studio, payload.imageId);
    },
  }),
  defineJob(makePreviewsJob, {
    concurrency: (deps: Deps) => deps.studio.env.RENDER_CONCURRENCY,
    // Reads the photo set and writes a few rows: a failure is the database's, worth a quick retry.
    options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
    async handle(payload, deps: Deps) {
      await makePreviews(deps.studio, payload);
    },
  }),
  defineJob(renderVideoJob, {
    concurrency: (deps: Deps) => deps.studio.env.RENDER_CONCURRENCY,
    // Drawing a clip takes seconds in the image-work pool; a job held by a worker that died is
    // handed out again after this long (the status poll fails and refunds one past its deadline).
    options: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
    async handle(payload, deps: Deps) {
      await renderPortraitVideo(deps.studio, payload.videoId);
    },
  }),
  defineJob(reconcileStudioJob, {
    schedule: "*/2 * * * *",
    async handle(_payload, deps: Deps) {
      await reconcileStudio(deps.studio);
    },
  }),
];
