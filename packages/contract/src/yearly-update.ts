import { z } from "zod";
import { childIdSchema } from "./child";
import { defineEndpoint } from "./endpoint";

/**
 * The yearly update (issue 33, decision 0069): once a child's model is old enough, a parent adds a
 * few of this year's photos, checked as the same child, and the model is trained again from them.
 * The old model keeps making portraits until the new one is there; then the child's reference face
 * becomes this year's, the old model is deleted at the provider, and each yearly series of the child
 * gets this year's portrait in its style.
 */
export const yearlyUpdateStatuses = ["started", "completed", "failed"] as const;

/**
 * The first day (YYYY-MM-DD, UTC) a child's model can be updated: YEARLY_UPDATE_MIN_DAYS after it
 * finished training; null for a child not trained. The page, the start and the yearly reminder all
 * ask this.
 */
export function yearlyUpdateAvailableOn(
  kid: { trainingStatus: string | null; trainingCompletedAt: Date | null },
  minDays: number,
): string | null {
  if (kid.trainingStatus !== "completed" || !kid.trainingCompletedAt) return null;
  return new Date(kid.trainingCompletedAt.getTime() + minDays * 86_400_000).toISOString().slice(0, 10);
}

/** "A few new photos": five, or fewer when the first training itself needs fewer (PHOTOS_MIN_PER_CHILD). */
export const yearlyPhotosNeeded = (photosMinPerChild: number): number => Math.min(5, photosMinPerChild);

/** What became of one series' portrait once an update completed. */
export const yearlySeriesRenderSchema = z.object({
  styleId: z.string(),
  /** The portrait asked for (it renders in the studio like any other); null when none was made. */
  imageId: z.string().nullable(),
  /** Why it was not made (not enough credits, a style the plan no longer has, …), for the parent. */
  problem: z.string().nullable(),
});
export type YearlySeriesRender = z.infer<typeof yearlySeriesRenderSchema>;

export const yearlyUpdateStateSchema = z.object({
  childId: childIdSchema,
  /** The latest update: null when the model was never updated. */
  status: z.enum(yearlyUpdateStatuses).nullable(),
  /** 0–100 while started. */
  progress: z.number().int().min(0).max(100),
  failureReason: z.string().nullable(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  /** When the model that makes the portraits now finished training. */
  modelTrainedAt: z.iso.datetime().nullable(),
  /** The first day (YYYY-MM-DD, UTC) an update can start: the model must be this old first. */
  availableOn: z.iso.date().nullable(),
  /**
   * Photos added after this moment are "this year's" (the model in use started training then, from
   * the photos before it): they are what an update trains on.
   */
  newPhotosSince: z.iso.datetime().nullable(),
  /** How many photos were added since `newPhotosSince`. */
  newPhotoCount: z.number().int().nonnegative(),
  /** How many new photos an update needs. */
  minPhotos: z.number().int().positive(),
  /** The series' portraits made when the latest update completed. */
  seriesRenders: z.array(yearlySeriesRenderSchema),
  /** The update completed and its series' portraits are still being asked for (read again soon). */
  seriesPending: z.boolean(),
});
export type YearlyUpdateState = z.infer<typeof yearlyUpdateStateSchema>;

const childRequest = z.object({ childId: childIdSchema });

export const yearlyUpdateStateEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/yearly-update",
  family: { permission: { resource: "child", action: "read" } },
  request: childRequest,
  response: yearlyUpdateStateSchema,
});

/** Starts (or, after a failure, retries) the update from the photos added since the last training. */
export const startYearlyUpdateEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/yearly-update/start",
  family: { permission: { resource: "training", action: "start" } },
  request: childRequest,
  response: yearlyUpdateStateSchema,
});

export const yearlyUpdateErrorCodes = {
  notTrained: "YEARLY_UPDATE_NOT_TRAINED",
  tooSoon: "YEARLY_UPDATE_TOO_SOON",
  needsPhotos: "YEARLY_UPDATE_NEEDS_PHOTOS",
  inProgress: "YEARLY_UPDATE_IN_PROGRESS",
  notSameChild: "YEARLY_UPDATE_NOT_SAME_CHILD",
} as const;

export const yearlyUpdateMessages = {
  notTrained: "{name}'s studio is not trained yet: the first training comes first.",
  tooSoon: "{name}'s model is still new. It can be updated with new photos from {date}.",
  needsPhotos: "Add at least {min} photos of {name} taken this year, then update.",
  inProgress: "{name}'s update is already running.",
  notSameChild:
    "These photos don't look like the {name} we know from the first photos. If they are {name}, add a few clearer ones (face to the camera); if not, remove them.",
} as const;
