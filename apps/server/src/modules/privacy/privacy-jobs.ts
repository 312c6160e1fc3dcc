import type { z } from "zod";
import type { JobDefinition } from "../../jobs/job-definition";
import { buildDataExport } from "./build-data-export";
import { expireDataExports } from "./data-export";
import { deleteModelAtProvider } from "./erase-children";
import type { PrivacyDeps } from "./privacy-deps";
import {
  buildDataExportJob,
  deleteModelJob,
  deleteUnverifiedAccountsJob,
  expireDataExportsJob,
  purgeTrainingPhotosJob,
} from "./privacy-job-specs";
import { deleteUnverifiedAccounts, purgeTrainingPhotos } from "./retention";

type Deps = { privacy: PrivacyDeps };

export const privacyJobs: JobDefinition<z.ZodType, Deps>[] = [
  {
    ...deleteModelJob,
    // Replicate processes a version's deletion within minutes; backoff from 30 s covers about a day
    // and a half of retries before the job is left failed in the queue for an operator to see.
    options: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    async handle(payload: z.infer<typeof deleteModelJob.payload>, deps) {
      await deleteModelAtProvider(deps.privacy.imageModel, payload);
    },
  },
  {
    ...buildDataExportJob,
    // A failure marks the export failed and the parent may ask again: no automatic retry.
    options: { retryLimit: 0, expireInSeconds: 3600 },
    async handle(payload: z.infer<typeof buildDataExportJob.payload>, deps) {
      await buildDataExport(deps.privacy, payload.exportId);
    },
  },
  {
    ...expireDataExportsJob,
    schedule: "7 * * * *",
    async handle(_payload, deps) {
      await expireDataExports(deps.privacy);
    },
  },
  {
    ...purgeTrainingPhotosJob,
    schedule: "23 3 * * *",
    async handle(_payload, deps) {
      await purgeTrainingPhotos(deps.privacy);
    },
  },
  {
    ...deleteUnverifiedAccountsJob,
    schedule: "41 3 * * *",
    async handle(_payload, deps) {
      await deleteUnverifiedAccounts(deps.privacy);
    },
  },
];
