import { defineJob } from "../../jobs/define-job";
import { type DeliveryDeps, deliverReleasedHolds, purgeExpiredQuarantine } from "./deliver-released";
import { deliverReleasedJob, purgeQuarantineJob } from "./safety-job-specs";

type Deps = { studio: DeliveryDeps["studio"]; photos: DeliveryDeps["photos"] };

export const safetyJobs = [
  defineJob(deliverReleasedJob, {
    // Every minute: a release made with the CLI (which opens only the database) sends no job.
    schedule: "* * * * *",
    options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
    async handle(_payload, deps: Deps) {
      await deliverReleasedHolds(deps);
    },
  }),
  defineJob(purgeQuarantineJob, {
    schedule: "17 * * * *",
    async handle(_payload, deps: Deps) {
      await purgeExpiredQuarantine(deps.studio);
    },
  }),
];
