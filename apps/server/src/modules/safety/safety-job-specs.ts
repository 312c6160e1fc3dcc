import { z } from "zod";

/** The safety capability's queues (decision 0038), apart from their handlers (safety-jobs.ts). */

/** Delivers what operators released; sent on a release through the API, and run every minute. */
export const deliverReleasedJob = {
  name: "safety.deliver-released",
  payload: z.object({}).passthrough(),
};

export const purgeQuarantineJob = {
  name: "safety.purge-quarantine",
  payload: z.object({}).passthrough(),
};
