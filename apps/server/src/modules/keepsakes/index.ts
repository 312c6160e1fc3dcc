export { createStorybook } from "./create-storybook";
export type { KeepsakeDeps } from "./keepsake-deps";
export { keepsakeJobs } from "./keepsake-jobs";
export { listStorybooks } from "./list-storybooks";
export { failStorybook, renderStorybook } from "./render-storybook";
export {
  createPortraitSeries,
  deletePortraitSeries,
  listPortraitSeries,
} from "./series/manage-series";
export { type SeriesReminderDeps, sendSeriesReminders } from "./series/send-series-reminders";
export { makeSeriesPoster } from "./series/series-poster";
