import { defineJob } from "../../jobs/define-job";
import type { KeepsakeDeps } from "./keepsake-deps";
import { makeStorybookJob } from "./keepsake-job-specs";
import { renderStorybook } from "./render-storybook";

type Deps = { studio: KeepsakeDeps };

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
];
