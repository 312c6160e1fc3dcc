import { z } from "zod";
import type { Database } from "../../db/client";
import { defineJob } from "../../jobs/define-job";
import { grantDueCredits } from "./grant-due-credits";

type Deps = { db: Database };

export const billingJobs = [
  // Every five minutes: monthly grants, local renewals and plans whose paid period is over.
  defineJob(
    { name: "billing.grant-due-credits", payload: z.object({}).passthrough() },
    {
      schedule: "*/5 * * * *",
      async handle(_payload, deps: Deps) {
        await grantDueCredits(deps.db);
      },
    },
  ),
];
