import { z } from "zod";
import type { Database } from "../../db/client";
import { defineJob } from "../../jobs/define-job";
import type { AnalyticsForwarder } from "../../providers/analytics/forwarder";
import { forwardAnalytics } from "./forward-analytics";

type Deps = { db: Database; analyticsForwarder: AnalyticsForwarder | null };

export const analyticsJobs = [
  // Every minute, when a forwarder is configured: pass new analytics on.
  defineJob(
    { name: "analytics.forward", payload: z.object({}).passthrough() },
    {
      schedule: "* * * * *",
      async handle(_payload, deps: Deps) {
        if (deps.analyticsForwarder) await forwardAnalytics(deps.db, deps.analyticsForwarder);
      },
    },
  ),
];
