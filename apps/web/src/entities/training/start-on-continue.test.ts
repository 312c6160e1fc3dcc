import { studioErrorCodes } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import {
  pendingTrainingStartProblem,
  photosToAnswer,
  startsTrainingOnContinue,
  trainingStartProblem,
  trainingStartProblemOf,
} from "./start-on-continue";

describe("startsTrainingOnContinue", () => {
  const ready = { canStart: true, trainingStatus: null, photoCount: 10, minPhotos: 10 } as const;

  it("starts a training that never started, once enough photos are in", () => {
    expect(startsTrainingOnContinue(ready)).toBe(true);
    expect(startsTrainingOnContinue({ ...ready, photoCount: 14 })).toBe(true);
  });

  it("leaves it to an owner or admin", () => {
    expect(startsTrainingOnContinue({ ...ready, canStart: false })).toBe(false);
  });

  it("needs the minimum of photos", () => {
    expect(startsTrainingOnContinue({ ...ready, photoCount: 9 })).toBe(false);
  });

  it("never starts one again: running, done, or failed (retried by hand on the progress page)", () => {
    expect(startsTrainingOnContinue({ ...ready, trainingStatus: "started" })).toBe(false);
    expect(startsTrainingOnContinue({ ...ready, trainingStatus: "completed" })).toBe(false);
    expect(startsTrainingOnContinue({ ...ready, trainingStatus: "failed" })).toBe(false);
  });
});

describe("trainingStartProblem", () => {
  it("passes on the server's own words", () => {
    const error = new ApiError(409, studioErrorCodes.notEnoughPhotos, "Upload at least 10 photos.");
    expect(trainingStartProblem(error)).toEqual({ trainingStartProblem: "Upload at least 10 photos." });
    const offline = new ApiError(0, "NETWORK_ERROR", "We couldn't reach Wonderkin.");
    expect(trainingStartProblem(offline)).toEqual({ trainingStartProblem: "We couldn't reach Wonderkin." });
  });

  it("says something plain when the server did not explain itself", () => {
    expect(trainingStartProblem(new ApiError(500, "INTERNAL_ERROR", "Internal"))).toEqual({
      trainingStartProblem: "We couldn't start the training. Please try again.",
    });
    expect(trainingStartProblem(new Error("boom"))).toEqual({
      trainingStartProblem: "We couldn't start the training. Please try again.",
    });
  });

  it("has nothing to say about a training already running or done", () => {
    expect(
      trainingStartProblem(new ApiError(409, studioErrorCodes.trainingInProgress, "Running.")),
    ).toBeNull();
    expect(trainingStartProblem(new ApiError(409, studioErrorCodes.alreadyTrained, "Done."))).toBeNull();
  });
});

describe("trainingStartProblemOf", () => {
  it("reads the problem out of a navigation's state, and nothing else", () => {
    expect(trainingStartProblemOf({ trainingStartProblem: "Offline." })).toBe("Offline.");
    expect(trainingStartProblemOf({ trainingStartProblem: "" })).toBeNull();
    expect(trainingStartProblemOf({ trainingStartProblem: 42 })).toBeNull();
    expect(trainingStartProblemOf({ other: "x" })).toBeNull();
    expect(trainingStartProblemOf(null)).toBeNull();
    expect(trainingStartProblemOf("Offline.")).toBeNull();
  });
});

describe("pendingTrainingStartProblem", () => {
  it("shows the problem until the parent tries again or the training has run", () => {
    const problem = "Offline.";
    expect(pendingTrainingStartProblem({ problem, trainingStatus: null, retried: false })).toBe(problem);
    expect(pendingTrainingStartProblem({ problem, trainingStatus: null, retried: true })).toBeNull();
    expect(pendingTrainingStartProblem({ problem, trainingStatus: "started", retried: false })).toBeNull();
    expect(pendingTrainingStartProblem({ problem, trainingStatus: "completed", retried: false })).toBeNull();
    expect(pendingTrainingStartProblem({ problem, trainingStatus: "failed", retried: false })).toBeNull();
    expect(pendingTrainingStartProblem({ problem: null, trainingStatus: null, retried: false })).toBeNull();
  });
});

describe("photosToAnswer", () => {
  const message =
    "Some photos look like a different person than Mia. Remove the marked photos, then start training.";

  it("reads the server's words and the photos it named", () => {
    const error = new ApiError(409, studioErrorCodes.photosOfDifferentPeople, message, {
      photoIds: ["a", "b"],
    });
    expect(photosToAnswer(error)).toEqual({ reason: "someone-else", message, photoIds: ["a", "b"] });
  });

  it("names adult-looking photos still waiting for an answer", () => {
    const words = "Some photos look like an adult. Tell us whether each one is Mia (keep it) or remove it.";
    const error = new ApiError(409, studioErrorCodes.adultQuestionsOpen, words, { photoIds: ["c"] });
    expect(photosToAnswer(error)).toEqual({ reason: "looks-adult", message: words, photoIds: ["c"] });
  });

  it("keeps the words when the details cannot be read", () => {
    const error = new ApiError(409, studioErrorCodes.photosOfDifferentPeople, message, { photoIds: "a" });
    expect(photosToAnswer(error)).toEqual({ reason: "someone-else", message, photoIds: [] });
  });

  it("is null for any other failure", () => {
    expect(photosToAnswer(new ApiError(409, studioErrorCodes.notEnoughPhotos, "More."))).toBeNull();
    expect(photosToAnswer(new Error("boom"))).toBeNull();
    expect(photosToAnswer(null)).toBeNull();
  });
});
