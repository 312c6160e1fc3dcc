import { z } from "zod";
import type { JobDeps } from "../../jobs";
import type { JobDefinition } from "../../jobs/job-definition";
import { forwardAnalytics } from "./forward-analytics";

/** Every minute, when a forwarder is configured: pass new analytics on. */
export const forwardAnalyticsJob: JobDefinition<z.ZodType, JobDeps> = {
  name: "analytics.forward",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
  async handle(_payload, deps) {
    if (deps.analyticsForwarder) await forwardAnalytics(deps.db, deps.analyticsForwarder);
  },
};
