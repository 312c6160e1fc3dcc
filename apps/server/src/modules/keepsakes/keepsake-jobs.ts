import { defineJob } from "../../jobs/define-job";
import type { KeepsakeDeps } from "./keepsake-deps";
import { makeStorybookJob, sendSeriesRemindersJob } from "./keepsake-job-specs";
import { renderStorybook } from "./render-storybook";
import { type SeriesReminderDeps, sendSeriesReminders } from "./series/send-series-reminders";

type Deps = { studio: KeepsakeDeps; keepsakes: SeriesReminderDeps };

export const keepsakeJobs = [
  defineJob(makeStorybookJob, {
    concurrency: (deps: Deps) => deps.studio.env.RENDER_CONCURRENCY,
    // Up to 26 pages of 300 dpi pictures in the image-work pool: tens of seconds. A job held by a
    // worker that died is handed out again after this long; the list fails one past its deadline.
    options: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 },
    async handle(payload, deps: Deps) {
      await renderStorybook(deps.studio, payload.storybookId);
    },
  }),
  defineJob(sendSeriesRemindersJob, {
    // Hourly, though each series is due once a year: a reminder goes out within the hour of its
    // day starting (UTC), and a run missed or failed is made up by the next (the year's row
    // decides, not the run).
    schedule: "29 * * * *",
    async handle(_payload, deps: Deps) {
      await sendSeriesReminders(deps.keepsakes);
    },
  }),
];
