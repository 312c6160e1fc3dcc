import type { Child, TrainingState } from "@wonderkin/contract";

/** While a model trains, its state is read this often: the progress bar moves with it. */
export const TRAINING_STATUS_POLL_MS = 1_500;

/**
 * How long a training may run before the parent is offered "Check again" (manual completion asks
 * the provider directly: the cure for a lost webhook). The local model trains in seconds.
 */
export const TRAINING_CHECK_AGAIN_AFTER_MS = 2 * 60_000;

/** The training state read again while it runs, and never once it ended (or before it began). */
export function trainingPollInterval(state: Pick<TrainingState, "status"> | undefined): number | false {
  return state?.status === "started" ? TRAINING_STATUS_POLL_MS : false;
}

/** Whether a running training has taken long enough that a manual check is worth offering. */
export function canCheckTrainingAgain(
  state: Pick<TrainingState, "status" | "startedAt"> | undefined,
  now: number,
): boolean {
  if (state?.status !== "started" || !state.startedAt) return false;
  const startedAt = Date.parse(state.startedAt);
  return Number.isFinite(startedAt) && now - startedAt > TRAINING_CHECK_AGAIN_AFTER_MS;
}

/** What the children list says about a child's training, until the live state has been read. */
export function trainingStateFromChild(
  child: Pick<Child, "id" | "trainingStatus" | "trainingFailureReason">,
): TrainingState {
  return {
    childId: child.id,
    status: child.trainingStatus,
    progress: child.trainingStatus === "completed" ? 100 : 0,
    failureReason: child.trainingFailureReason,
    startedAt: null,
    completedAt: null,
  };
}

/** The progress to draw: a sliver at once when training starts, so the bar is visibly alive. */
export function displayedTrainingProgress(state: Pick<TrainingState, "status" | "progress">): number {
  if (state.status === "completed") return 100;
  if (state.status !== "started") return 0;
  return Math.max(3, Math.min(99, state.progress));
}

/** A friendly word for where training is, from its progress. */
export function trainingPhase(progress: number): string {
  if (progress < 15) return "Getting the photos ready";
  if (progress < 60) return "Learning the face";
  if (progress < 90) return "Practising portraits";
  return "Finishing touches";
}

const MINUTE_MS = 60_000;

/** "just now", "1 minute ago", "3 minutes ago", "2 hours ago". */
export function timeAgo(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  if (minutes < 1) return "just now";
  if (minutes < 60) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
}

/** "less than a minute left", "about 1 minute left", "about 20 minutes left", "about 2 hours left". */
export function timeLeft(ms: number): string {
  const minutes = Math.ceil(Math.max(0, ms) / MINUTE_MS);
  if (minutes <= 1) return ms < MINUTE_MS ? "less than a minute left" : "about 1 minute left";
  if (minutes < 90) return `about ${minutes} minutes left`;
  return `about ${Math.round(minutes / 60)} hours left`;
}

/** Progress and time it takes before the rate of progress says anything about what is left. */
const ESTIMATE_FROM_PERCENT = 5;
const ESTIMATE_FROM_MS = 15_000;

/**
 * How long a running training has been going and, once it has moved far enough to tell, how long it
 * has left at the pace so far. Null when it is not running or its start is not known yet (the
 * children list says "started" before the live state, which carries the start time, is read).
 */
export function trainingTiming(
  state: Pick<TrainingState, "status" | "progress" | "startedAt">,
  now: number,
): { elapsedMs: number; leftMs: number | null } | null {
  if (state.status !== "started" || !state.startedAt) return null;
  const startedAt = Date.parse(state.startedAt);
  if (!Number.isFinite(startedAt)) return null;
  const elapsedMs = Math.max(0, now - startedAt);
  const progress = Math.min(99, state.progress);
  const leftMs =
    progress >= ESTIMATE_FROM_PERCENT && elapsedMs >= ESTIMATE_FROM_MS
      ? (elapsedMs * (100 - progress)) / progress
      : null;
  return { elapsedMs, leftMs };
}

/** The plain sentence of where a running training is: "Training started 3 minutes ago — about 20 minutes left". */
export function trainingStartedText(
  state: Pick<TrainingState, "status" | "progress" | "startedAt">,
  now: number,
): string {
  const timing = trainingTiming(state, now);
  if (!timing) return "Training has started";
  const started = `Training started ${timeAgo(timing.elapsedMs)}`;
  return timing.leftMs === null ? started : `${started} — ${timeLeft(timing.leftMs)}`;
}
