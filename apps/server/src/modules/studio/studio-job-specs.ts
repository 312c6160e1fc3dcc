import { z } from "zod";

/**
 * The studio's queues and payloads, apart from their handlers (studio-jobs.ts), so the domain can
 * send them without importing the worker side.
 */
export const trainChildJob = {
  name: "studio.train-child",
  payload: z.object({ childId: z.number().int().positive() }),
};

export const renderPortraitJob = {
  name: "studio.render-portrait",
  payload: z.object({ imageId: z.string().min(1) }),
};

/** Makes the child's free preview set, when one is due (previews.ts). */
export const makePreviewsJob = {
  name: "studio.make-previews",
  payload: z.object({ childId: z.number().int().positive(), userId: z.string().min(1) }),
};

export const reconcileStudioJob = {
  name: "studio.reconcile",
  payload: z.object({}).passthrough(),
};

/** A model at the image-model provider to delete: a trained version, or a training still under way. */
export const modelReferenceSchema = z.union([
  z.object({ modelVersion: z.string().min(1) }),
  z.object({ trainingId: z.string().min(1) }),
]);
export type ModelReference = z.infer<typeof modelReferenceSchema>;

/**
 * Deleting a model is the inverse of training it, so the studio owns its queue: privacy sends it
 * when a child goes, training when its child went meanwhile. The queue keeps its first name so jobs
 * already queued under it are still worked.
 */
export const deleteModelJob = { name: "privacy.delete-model", payload: modelReferenceSchema };

/** Makes a portrait's short animated clip ("Create video", decision 0033). */
export const renderVideoJob = {
  name: "studio.render-video",
  payload: z.object({ videoId: z.string().min(1) }),
};

/** Trains a child's model again from this year's photos (decision 0069). */
export const yearlyUpdateJob = {
  name: "studio.yearly-update",
  payload: z.object({ updateId: z.string().min(1) }),
};

/**
 * Makes this year's portrait of each of a child's yearly series once its yearly update trained the
 * new model (decision 0069): sent by the update's completion, in its transaction.
 */
export const yearlySeriesPortraitsJob = {
  name: "studio.yearly-series-portraits",
  payload: z.object({ updateId: z.string().min(1) }),
};
