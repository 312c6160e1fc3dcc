import type { z } from "zod";
import type { Database } from "./db/client";
import type { JobDefinition } from "./jobs/job-definition";
import { analyticsJobs } from "./modules/analytics/analytics-jobs";
import type { BillingMailDeps } from "./modules/billing/billing-deps";
import { billingJobs } from "./modules/billing/billing-jobs";
import { keepsakeJobs } from "./modules/keepsakes/keepsake-jobs";
import type { SeriesReminderDeps } from "./modules/keepsakes/series/send-series-reminders";
import type { PrivacyDeps } from "./modules/privacy/privacy-deps";
import { privacyJobs } from "./modules/privacy/privacy-jobs";
import type { SafetyDeps } from "./modules/safety/safety-deps";
import { safetyJobs } from "./modules/safety/safety-jobs";
import type { StudioDeps } from "./modules/studio/studio-deps";
import { studioJobs } from "./modules/studio/studio-jobs";
import type { AnalyticsForwarder } from "./providers/analytics/forwarder";

/**
 * What the worker hands every job: the union of what the jobs below ask for. Each job declares its
 * own narrower deps (defineJob), so none imports this registry. The registry imports the modules,
 * so it lives beside the composition root (compose-domain.ts builds these deps), while `jobs/` stays
 * the machinery below the modules (define-job, queue, worker, send-in-transaction).
 */
export type JobDeps = {
  db: Database;
  analyticsForwarder: AnalyticsForwarder | null;
  studio: StudioDeps;
  /** The yearly series' reminders: mail, and the secret that signs their unsubscribe links. */
  keepsakes: SeriesReminderDeps;
  privacy: PrivacyDeps;
  /** The held pictures, and the way a released one reaches its family. */
  safety: SafetyDeps;
  billing: BillingMailDeps;
};

/** Every background job of the product, worked by `ROLE=worker` (or `all`). A new job goes here. */
export const jobs: readonly JobDefinition<z.ZodType, JobDeps>[] = [
  ...billingJobs,
  ...analyticsJobs,
  ...studioJobs,
  ...keepsakeJobs,
  ...privacyJobs,
  ...safetyJobs,
];
