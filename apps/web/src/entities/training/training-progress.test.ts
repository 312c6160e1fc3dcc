import { describe, expect, it } from "vitest";
import {
  canCheckTrainingAgain,
  displayedTrainingProgress,
  TRAINING_STATUS_POLL_MS,
  timeAgo,
  timeLeft,
  trainingPollInterval,
  trainingStartedText,
  trainingStateFromChild,
  trainingTiming,
} from "./training-progress";

const start = "2026-11-22T10:00:00.000Z";
const at = (minutes: number) => Date.parse(start) + minutes * 60_000;

describe("trainingPollInterval", () => {
  it("reads the state every 1.5 s while training runs", () => {
    expect(trainingPollInterval({ status: "started" })).toBe(TRAINING_STATUS_POLL_MS);
    expect(TRAINING_STATUS_POLL_MS).toBe(1_500);
  });

  it("stops once training has ended, and never polls before it began", () => {
    expect(trainingPollInterval({ status: "completed" })).toBe(false);
    expect(trainingPollInterval({ status: "failed" })).toBe(false);
    expect(trainingPollInterval({ status: null })).toBe(false);
    expect(trainingPollInterval(undefined)).toBe(false);
  });
});

describe("canCheckTrainingAgain", () => {
  it("is offered only after training has run for more than two minutes", () => {
    const state = { status: "started" as const, startedAt: start };
    expect(canCheckTrainingAgain(state, at(1))).toBe(false);
    expect(canCheckTrainingAgain(state, at(2))).toBe(false);
    expect(canCheckTrainingAgain(state, at(2) + 1)).toBe(true);
  });

  it("is never offered for training that is not running or has no start time", () => {
    expect(canCheckTrainingAgain({ status: "completed", startedAt: start }, at(10))).toBe(false);
    expect(canCheckTrainingAgain({ status: "failed", startedAt: start }, at(10))).toBe(false);
    expect(canCheckTrainingAgain({ status: "started", startedAt: null }, at(10))).toBe(false);
    expect(canCheckTrainingAgain({ status: "started", startedAt: "not a date" }, at(10))).toBe(false);
    expect(canCheckTrainingAgain(undefined, at(10))).toBe(false);
  });
});

describe("the progress shown", () => {
  it("shows a sliver at once, never 100% before the end, and full once trained", () => {
    expect(displayedTrainingProgress({ status: "started", progress: 0 })).toBe(3);
    expect(displayedTrainingProgress({ status: "started", progress: 42 })).toBe(42);
    expect(displayedTrainingProgress({ status: "started", progress: 100 })).toBe(99);
    expect(displayedTrainingProgress({ status: "completed", progress: 0 })).toBe(100);
    expect(displayedTrainingProgress({ status: null, progress: 0 })).toBe(0);
  });

  it("starts from the children list's word until the live state is read", () => {
    expect(
      trainingStateFromChild({ id: 4, trainingStatus: "failed", trainingFailureReason: "Too few faces" }),
    ).toEqual({
      childId: 4,
      status: "failed",
      progress: 0,
      failureReason: "Too few faces",
      startedAt: null,
      completedAt: null,
    });
  });
});

describe("how long training has run and has left", () => {
  const running = (progress: number) => ({ status: "started" as const, progress, startedAt: start });

  it("says when it started, and how long is left at the pace so far", () => {
    expect(trainingStartedText(running(0), at(0))).toBe("Training started just now");
    expect(trainingStartedText(running(2), at(3))).toBe("Training started 3 minutes ago");
    // 3 minutes for 13%: 87% takes about 20 minutes more.
    expect(trainingStartedText(running(13), at(3))).toBe(
      "Training started 3 minutes ago — about 21 minutes left",
    );
    expect(trainingStartedText(running(50), at(1))).toBe(
      "Training started 1 minute ago — about 1 minute left",
    );
    expect(trainingStartedText(running(90), at(1))).toBe(
      "Training started 1 minute ago — less than a minute left",
    );
  });

  it("waits for enough progress and time before it guesses what is left", () => {
    expect(trainingTiming(running(4), at(10))).toEqual({ elapsedMs: 600_000, leftMs: null });
    expect(trainingTiming(running(50), at(0.2))).toEqual({ elapsedMs: 12_000, leftMs: null });
    expect(trainingTiming(running(50), at(0.5))).toEqual({ elapsedMs: 30_000, leftMs: 30_000 });
  });

  it("only says 'has started' when the start time is not known yet, and nothing once it is over", () => {
    expect(trainingStartedText({ status: "started", progress: 0, startedAt: null }, at(5))).toBe(
      "Training has started",
    );
    expect(trainingTiming({ status: "completed", progress: 100, startedAt: start }, at(5))).toBeNull();
    expect(trainingTiming({ status: "started", progress: 10, startedAt: "not a date" }, at(5))).toBeNull();
  });

  it("words the durations as a parent would read them", () => {
    expect(timeAgo(59_000)).toBe("just now");
    expect(timeAgo(61_000)).toBe("1 minute ago");
    expect(timeAgo(125 * 60_000)).toBe("2 hours ago");
    expect(timeLeft(30_000)).toBe("less than a minute left");
    expect(timeLeft(20 * 60_000)).toBe("about 20 minutes left");
    expect(timeLeft(150 * 60_000)).toBe("about 3 hours left");
  });
});
