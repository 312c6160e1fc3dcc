import type { z } from "zod";
import type { Database } from "../db/client";
import { analyticsJobs } from "../modules/analytics/analytics-jobs";
import type { BillingMailDeps } from "../modules/billing/billing-deps";
import { billingJobs } from "../modules/billing/billing-jobs";
import type { PhotoDeps } from "../modules/photos/photo-deps";
import type { PrivacyDeps } from "../modules/privacy/privacy-deps";
import { privacyJobs } from "../modules/privacy/privacy-jobs";
import { safetyJobs } from "../modules/safety/safety-jobs";
import type { StudioDeps } from "../modules/studio/studio-deps";
import { studioJobs } from "../modules/studio/studio-jobs";
import type { AnalyticsForwarder } from "../providers/analytics/forwarder";
import type { JobDefinition } from "./job-definition";

/**
 * What the worker hands every job: the union of what the jobs below ask for. Each job declares its
 * own narrower deps (defineJob), so none imports this registry.
 */
export type JobDeps = {
  db: Database;
  analyticsForwarder: AnalyticsForwarder | null;
  studio: StudioDeps;
  privacy: PrivacyDeps;
  /** The photo pipeline, for photos an operator released from the safety screen. */
  photos: PhotoDeps;
  billing: BillingMailDeps;
};

/** Every background job of the product, worked by `ROLE=worker` (or `all`). A new job goes here. */
export const jobs: readonly JobDefinition<z.ZodType, JobDeps>[] = [
  ...billingJobs,
  ...analyticsJobs,
  ...studioJobs,
  ...privacyJobs,
  ...safetyJobs,
];
