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
