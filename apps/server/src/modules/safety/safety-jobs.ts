import { defineJob } from "../../jobs/define-job";
import { deliverReleasedHolds, purgeExpiredQuarantine } from "./deliver-released";
import type { SafetyDeps } from "./safety-deps";
import { deliverReleasedJob, purgeQuarantineJob } from "./safety-job-specs";

type Deps = { safety: SafetyDeps };

export const safetyJobs = [
  defineJob(deliverReleasedJob, {
    // Every minute: a release made with the CLI (which opens only the database) sends no job.
    schedule: "* * * * *",
    options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
    async handle(_payload, deps: Deps) {
      await deliverReleasedHolds(deps.safety);
    },
  }),
  defineJob(purgeQuarantineJob, {
    schedule: "17 * * * *",
    async handle(_payload, deps: Deps) {
      await purgeExpiredQuarantine(deps.safety);
    },
  }),
];
