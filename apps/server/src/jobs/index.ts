import type { z } from "zod";
import type { Database } from "../db/client";
import { forwardAnalyticsJob } from "../modules/analytics/forward-analytics-job";
import { grantDueCreditsJob } from "../modules/billing/grant-due-credits-job";
import type { PrivacyDeps } from "../modules/privacy/privacy-deps";
import { privacyJobs } from "../modules/privacy/privacy-jobs";
import type { StudioDeps } from "../modules/studio/studio-deps";
import { studioJobs } from "../modules/studio/studio-jobs";
import type { AnalyticsForwarder } from "../providers/analytics/forwarder";
import type { JobDefinition } from "./job-definition";

/** What job handlers may use; grows as capabilities add providers. */
export type JobDeps = {
  db: Database;
  analyticsForwarder: AnalyticsForwarder | null;
  studio: StudioDeps;
  privacy: PrivacyDeps;
};

/** Every background job of the product, worked by `ROLE=worker` (or `all`). */
export const jobs: readonly JobDefinition<z.ZodType, JobDeps>[] = [
  grantDueCreditsJob,
  forwardAnalyticsJob,
  ...studioJobs,
  ...privacyJobs,
];
