import { defineJob } from "../../jobs/define-job";
import { deleteModelJob } from "../studio/studio-job-specs";
import { buildDataExport } from "./build-data-export";
import { expireDataExports } from "./data-export";
import { deleteModelAtProvider } from "./erase-children";
import type { PrivacyDeps } from "./privacy-deps";
import {
  buildDataExportJob,
  deleteExportFilesJob,
  deleteUnverifiedAccountsJob,
  expireDataExportsJob,
  purgeTrainingPhotosJob,
} from "./privacy-job-specs";
import { deleteUnverifiedAccounts, purgeTrainingPhotos } from "./retention";

type Deps = { privacy: PrivacyDeps };

export const privacyJobs = [
  defineJob(deleteModelJob, {
    // Replicate processes a version's deletion within minutes; backoff from 30 s covers about a day
    // and a half of retries before the job is left failed in the queue for an operator to see.
    options: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    async handle(payload, deps: Deps) {
      await deleteModelAtProvider(deps.privacy.imageModel, payload);
    },
  }),
  defineJob(deleteExportFilesJob, {
    options: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    async handle(payload, deps: Deps) {
      await deps.privacy.storage.delete(payload.keys);
    },
  }),
  defineJob(buildDataExportJob, {
    // A failure marks the export failed and the parent may ask again: no automatic retry.
    options: { retryLimit: 0, expireInSeconds: 3600 },
    async handle(payload, deps: Deps) {
      await buildDataExport(deps.privacy, payload.exportId);
    },
  }),
  defineJob(expireDataExportsJob, {
    schedule: "7 * * * *",
    async handle(_payload, deps: Deps) {
      await expireDataExports(deps.privacy);
    },
  }),
  defineJob(purgeTrainingPhotosJob, {
    schedule: "23 3 * * *",
    async handle(_payload, deps: Deps) {
      await purgeTrainingPhotos(deps.privacy);
    },
  }),
  defineJob(deleteUnverifiedAccountsJob, {
    schedule: "41 3 * * *",
    async handle(_payload, deps: Deps) {
      await deleteUnverifiedAccounts(deps.privacy);
    },
  }),
];
