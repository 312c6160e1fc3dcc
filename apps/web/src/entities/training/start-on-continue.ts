import { differentPeopleDetailsSchema, studioErrorCodes, type TrainingStatus } from "@wonderkin/contract";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";

/**
 * Whether finishing the upload step (Continue) starts the child's training: only for a parent who
 * may start it (owners and admins; the server refuses members), only once enough photos are in,
 * and only the first time. A failed training is retried from the progress page on purpose, after
 * the parent has had a chance to read why it failed.
 */
export function startsTrainingOnContinue(options: {
  canStart: boolean;
  trainingStatus: TrainingStatus;
  photoCount: number;
  minPhotos: number;
}): boolean {
  return options.canStart && options.trainingStatus === null && options.photoCount >= options.minPhotos;
}

/** What the progress page is handed when the start on Continue failed. */
export type TrainingStartProblemState = { trainingStartProblem: string };

/**
 * What to tell the parent on the progress page after the start on Continue failed, or null when
 * there is nothing to tell: a training already running or done (another tab, another parent) is
 * what they wanted, and the page shows it.
 */
export function trainingStartProblem(error: unknown): TrainingStartProblemState | null {
  if (
    error instanceof ApiError &&
    (error.code === studioErrorCodes.trainingInProgress || error.code === studioErrorCodes.alreadyTrained)
  ) {
    return null;
  }
  return { trainingStartProblem: errorMessage(error, "We couldn't start the training. Please try again.") };
}

/** The problem handed over in the navigation's state, if any (state survives reloads: check it). */
export function trainingStartProblemOf(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("trainingStartProblem" in state)) return null;
  const problem = state.trainingStartProblem;
  return typeof problem === "string" && problem.length > 0 ? problem : null;
}

/**
 * The problem still worth showing on the progress page: only while training has still not started
 * (once it ran, whatever happened since speaks for itself), and not once the parent tried again.
 */
export function pendingTrainingStartProblem(options: {
  problem: string | null;
  trainingStatus: TrainingStatus;
  retried: boolean;
}): string | null {
  if (options.retried || options.trainingStatus !== null) return null;
  return options.problem;
}

/**
 * A start refused because of photos the parent has to act on: some look like someone other than
 * the child (remove them), or some look like an adult and were not answered for (keep or remove).
 */
export type PhotosToAnswer = {
  reason: "someone-else" | "looks-adult";
  message: string;
  photoIds: string[];
};

const reasonOfCode: Record<string, PhotosToAnswer["reason"]> = {
  [studioErrorCodes.photosOfDifferentPeople]: "someone-else",
  [studioErrorCodes.adultQuestionsOpen]: "looks-adult",
};

/**
 * The photos a refused start named (TRAINING_PHOTOS_DIFFERENT_PEOPLE or
 * TRAINING_ADULT_QUESTIONS_OPEN), with the server's words for the parent; null for any other
 * failure. A reply without readable details still counts: the photo list, read again, marks the
 * photos itself.
 */
export function photosToAnswer(error: unknown): PhotosToAnswer | null {
  if (!(error instanceof ApiError)) return null;
  const reason = reasonOfCode[error.code];
  if (!reason) return null;
  const details = differentPeopleDetailsSchema.safeParse(error.details);
  return { reason, message: error.message, photoIds: details.success ? details.data.photoIds : [] };
}
