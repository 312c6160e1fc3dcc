import { z } from "zod";

/**
 * The privacy capability's queues and payloads, apart from their handlers (privacy-jobs.ts), so the
 * domain can send them without importing the worker side.
 */

/** A model at the image-model provider to delete: a trained version, or a training still under way. */
export const modelReferenceSchema = z.union([
  z.object({ modelVersion: z.string().min(1) }),
  z.object({ trainingId: z.string().min(1) }),
]);
export type ModelReference = z.infer<typeof modelReferenceSchema>;

export const deleteModelJob = { name: "privacy.delete-model", payload: modelReferenceSchema };

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
