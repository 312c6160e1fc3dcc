import { z } from "zod";

/**
 * The privacy capability's queues and payloads, apart from their handlers (privacy-jobs.ts), so the
 * domain can send them without importing the worker side.
 */

/** Export files whose rows a deletion dropped: deleted after commit, and by this job if that stops. */
export const deleteExportFilesJob = {
  name: "privacy.delete-export-files",
  payload: z.object({ keys: z.array(z.string().min(1)).min(1) }),
};

export const buildDataExportJob = {
  name: "privacy.export",
  payload: z.object({ exportId: z.string().min(1) }),
};

export const expireDataExportsJob = {
  name: "privacy.expire-exports",
  payload: z.object({}).passthrough(),
};

export const purgeTrainingPhotosJob = {
  name: "privacy.purge-training-photos",
  payload: z.object({}).passthrough(),
};

export const deleteUnverifiedAccountsJob = {
  name: "privacy.delete-unverified-accounts",
  payload: z.object({}).passthrough(),
};
