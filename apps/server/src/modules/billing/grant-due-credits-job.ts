import { z } from "zod";
import type { JobDeps } from "../../jobs";
import type { JobDefinition } from "../../jobs/job-definition";
import { grantDueCredits } from "./grant-due-credits";

/** Every five minutes: monthly grants, local renewals and plans whose paid period is over. */
export const grantDueCreditsJob: JobDefinition<z.ZodType, Pick<JobDeps, "db">> = {
  name: "billing.grant-due-credits",
  payload: z.object({}).passthrough(),
  schedule: "*/5 * * * *",
  async handle(_payload, deps) {
    await grantDueCredits(deps.db);
  },
};
