export { createStorybook } from "./create-storybook";
export type { KeepsakeDeps } from "./keepsake-deps";
export { keepsakeJobs } from "./keepsake-jobs";
export { listStorybooks } from "./list-storybooks";
export { failStorybook, renderStorybook } from "./render-storybook";
