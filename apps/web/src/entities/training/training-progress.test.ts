import { describe, expect, it } from "vitest";
import {
  canCheckTrainingAgain,
  displayedTrainingProgress,
  TRAINING_STATUS_POLL_MS,
  trainingPollInterval,
  trainingStateFromChild,
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
