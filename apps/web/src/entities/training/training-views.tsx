import type { Child, TrainingState } from "@wonderkin/contract";
import { ImagePlus, Play, RefreshCw, RotateCcw, Wand2 } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { paths } from "@/config/paths";
import { withChild } from "@/entities/children/child-paths";
import { studioEntryPath } from "@/entities/studio/studio-intro";
import { type ChildTraining, useNow } from "@/entities/training/child-training";
import { photosToAnswer } from "@/entities/training/start-on-continue";
import {
  displayedTrainingProgress,
  trainingPhase,
  trainingStartedText,
} from "@/entities/training/training-progress";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";

/** Where a child's training is, in words, with a live progress bar while it runs. */
export function TrainingStatus({
  state,
  child,
  minPhotos,
}: {
  state: TrainingState;
  child: Pick<Child, "firstName" | "photoCount">;
  minPhotos: number;
}) {
  const name = child.firstName;
  // "3 minutes ago" moves on by itself between the status reads.
  const now = useNow(10_000, state.status === "started");
  switch (state.status) {
    case "started": {
      const progress = displayedTrainingProgress(state);
      return (
        <div className="flex flex-col gap-2" data-testid="training-progress">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <p className="font-semibold text-ink">
              {trainingPhase(progress)}
              <span aria-hidden>…</span>
            </p>
            <span className="font-bold text-primary-700 tabular-nums">{progress}%</span>
          </div>
          <ProgressBar
            value={progress}
            tone="accent"
            label={`Training ${name}'s portrait model`}
            valueText={`${progress}%: ${trainingPhase(progress).toLowerCase()}`}
            size="lg"
          />
          <p className="text-sm" data-testid="training-started">
            <strong className="text-ink">{trainingStartedText(state, now)}.</strong> We'll e-mail you when the
            studio is ready. You can leave this page: training goes on without it.
          </p>
        </div>
      );
    }
    case "failed":
      return (
        <>
          <p className="text-danger-700">
            Training didn't work{state.failureReason ? `: ${state.failureReason}` : "."}
          </p>
          <p className="mt-1.5">
            Swapping a few photos for sharper ones where only {name} is in the picture usually helps. Then try
            again.
          </p>
        </>
      );
    case "completed":
      return <p>{name}'s portrait model is trained.</p>;
    default:
      return child.photoCount >= minPhotos ? (
        <>
          <p data-testid="training-not-started">
            <strong className="text-ink">Training hasn't started yet.</strong> {name}'s photos are in.
          </p>
          <p className="mt-1.5">
            It takes a few minutes and teaches our portrait model what {name} looks like. You can still swap
            or add photos before it starts.
          </p>
        </>
      ) : (
        <p data-testid="training-not-started">
          <strong className="text-ink">Training hasn't started yet:</strong> it needs at least {minPhotos}{" "}
          photos.
        </p>
      );
  }
}

/**
 * What the parent can do about a child's training: start it, retry it, check on one that runs long,
 * or open the studio once it is done. Starting is for owners and admins (`canStart`). Training
 * normally starts by itself when the upload step is finished; the button here is the way to try
 * again when that or the training failed.
 */
export function TrainingActions({
  training,
  child,
  minPhotos,
  canStart,
  familyName,
  startProblem = null,
  stacked = false,
}: {
  training: ChildTraining;
  child: Pick<Child, "id" | "firstName" | "photoCount" | "studioIntroSeen">;
  minPhotos: number;
  canStart: boolean;
  familyName: string;
  /** Why a start tried on another page (Continue after the upload) failed, until retried here. */
  startProblem?: string | null;
  /** The words above the buttons, for narrow cards. */
  stacked?: boolean;
}) {
  const row = stacked
    ? "flex flex-col gap-4"
    : "flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between";
  const place = stacked ? "shrink-0 sm:self-start" : "shrink-0";
  const state = training.state;
  const name = child.firstName;
  const photosLink = withChild(paths.uploadImages, child.id);
  const failure = training.start.error ?? training.checkAgain.error;
  // Photos that look like someone else, or like an adult, are answered on the upload page, where
  // they are marked.
  const toAnswer = photosToAnswer(training.start.error);
  const problem = toAnswer ? (
    <Alert tone="danger" className="mt-4" data-testid={`training-photos-${toAnswer.reason}`}>
      <p>{toAnswer.message}</p>
      <Link to={photosLink} className="mt-1 inline-block font-semibold underline underline-offset-4">
        See the marked photos
      </Link>
    </Alert>
  ) : failure ? (
    <Alert tone="danger" className="mt-4">
      {errorMessage(
        failure,
        training.start.error
          ? "We couldn't start the training. Please try again."
          : "We couldn't check on the training. Please try again.",
      )}
    </Alert>
  ) : null;

  if (state?.status === "completed") {
    return (
      <div className={row}>
        <p className="text-ink">{name}'s studio is open. Pick a style and make the first portraits.</p>
        <Button asChild size="lg" className={place}>
          <Link to={studioEntryPath(child.id, child.studioIntroSeen)}>
            <Wand2 aria-hidden /> Open the studio
          </Link>
        </Button>
      </div>
    );
  }

  if (state?.status === "started") {
    return (
      <>
        <div className={row}>
          {training.canCheckAgain ? (
            <p className="text-ink">
              Taking longer than usual? We can ask the training service directly how it's going.
            </p>
          ) : (
            <p className="text-ink">Nothing to do: the studio opens here as soon as training ends.</p>
          )}
          {training.canCheckAgain ? (
            <Button
              variant="secondary"
              className={place}
              pending={training.checkAgain.isPending}
              onClick={() => training.checkAgain.mutate()}
            >
              {training.checkAgain.isPending ? null : <RefreshCw aria-hidden />} Check again
            </Button>
          ) : (
            <Button asChild variant="secondary" className={place}>
              <Link to={photosLink}>
                <ImagePlus aria-hidden /> See the photos
              </Link>
            </Button>
          )}
        </div>
        {problem}
      </>
    );
  }

  if (child.photoCount < minPhotos && state?.status !== "failed") {
    const missing = minPhotos - child.photoCount;
    return (
      <div className={row}>
        <p className="text-ink">
          Add {missing} more {missing === 1 ? "photo" : "photos"} of {name} to start the training.
        </p>
        {canStart ? (
          <Button asChild size="lg" className={place}>
            <Link to={photosLink}>
              <ImagePlus aria-hidden /> Upload photos
            </Link>
          </Button>
        ) : null}
      </div>
    );
  }

  if (!canStart) {
    return (
      <p className="text-muted">
        An owner or admin of {familyName} starts {name}'s training. You'll find the studio here once it's
        ready.
      </p>
    );
  }

  const retry = state?.status === "failed";
  const earlier =
    !failure && startProblem ? (
      <Alert tone="danger" className="mt-4">
        <strong>Training didn't start.</strong> {startProblem}
      </Alert>
    ) : null;
  return (
    <>
      <div className={row}>
        <p className="text-ink">
          {retry
            ? `Replace the photos that might be the trouble, then try again.`
            : earlier
              ? `Try again to start ${name}'s training: it takes a few minutes.`
              : `Happy with ${name}'s photos? Start the training: it takes a few minutes.`}
        </p>
        <div
          className={cn(
            "flex shrink-0 flex-col-reverse gap-2 sm:items-center",
            // The main action first where the words sit above, last (rightmost) beside them.
            stacked ? "sm:flex-row-reverse sm:self-start" : "sm:flex-row",
          )}
        >
          <Button asChild variant="secondary" size={retry ? "md" : "lg"}>
            <Link to={photosLink}>
              <ImagePlus aria-hidden /> {retry ? "Replace photos" : "Review photos"}
            </Link>
          </Button>
          <Button
            size={retry ? "md" : "lg"}
            pending={training.start.isPending}
            onClick={() => training.start.mutate()}
          >
            {training.start.isPending ? null : retry || earlier ? (
              <RotateCcw aria-hidden />
            ) : (
              <Play aria-hidden />
            )}
            {retry || earlier ? "Try again" : "Start training"}
          </Button>
        </div>
      </div>
      {problem ?? earlier}
    </>
  );
}
