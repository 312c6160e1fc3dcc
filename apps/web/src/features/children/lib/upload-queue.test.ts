import { photoErrorCodes } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import {
  activeCount,
  admitFiles,
  batchSummary,
  emptyQueue,
  type NewFile,
  nextToStart,
  type QueueAction,
  type QueueState,
  uploadQueueReducer,
} from "./upload-queue";

const file = (id: string, size = 1000, problem: NewFile["problem"] = null): NewFile => ({
  id,
  name: `${id}.jpg`,
  size,
  problem,
});
const refused = { code: photoErrorCodes.noFace, message: "No face." };
const run = (state: QueueState, ...actions: QueueAction[]) => actions.reduce(uploadQueueReducer, state);
const statuses = (state: QueueState) => Object.fromEntries(state.items.map((item) => [item.id, item.status]));

describe("uploadQueueReducer", () => {
  it("queues picked files, and refuses at once those refused on the device", () => {
    const state = run(emptyQueue, {
      type: "add",
      files: [file("a"), file("b", 10, { code: photoErrorCodes.heic, message: "HEIC" })],
    });
    expect(statuses(state)).toEqual({ a: "queued", b: "rejected" });
    expect(state.items[1]).toMatchObject({ checkedLocally: true, problem: { code: photoErrorCodes.heic } });
    expect(activeCount(state)).toBe(1);
  });

  it("follows a file from queued through its bytes to accepted", () => {
    let state = run(emptyQueue, { type: "add", files: [file("a", 1000)] }, { type: "start", id: "a" });
    expect(state.items[0]).toMatchObject({ status: "uploading", loaded: 0 });
    state = run(state, { type: "progress", id: "a", loaded: 600, total: 1200 });
    expect(state.items[0]).toMatchObject({ loaded: 600, total: 1200 });
    state = run(state, { type: "progress", id: "a", loaded: 5000, total: 1200 });
    expect(state.items[0]?.loaded).toBe(1200);
    state = run(state, { type: "accepted", id: "a", photoId: "p1" });
    expect(state.items[0]).toMatchObject({ status: "accepted", photoId: "p1" });
  });

  it("keeps the server's reason for a refused file", () => {
    const state = run(
      emptyQueue,
      { type: "add", files: [file("a")] },
      { type: "start", id: "a" },
      { type: "rejected", id: "a", problem: refused },
    );
    expect(state.items[0]).toMatchObject({ status: "rejected", problem: refused, checkedLocally: false });
  });

  it("ignores progress for files no longer on their way, and actions for unknown files", () => {
    const state = run(emptyQueue, { type: "add", files: [file("a")] });
    expect(run(state, { type: "progress", id: "a", loaded: 10, total: 10 })).toEqual(state);
    expect(run(state, { type: "accepted", id: "zzz", photoId: "p" })).toBe(state);
    expect(run(state, { type: "retry", id: "a" })).toBe(state);
  });

  it("drops a file from the queue before it is sent", () => {
    const state = run(
      emptyQueue,
      { type: "add", files: [file("a"), file("b")] },
      { type: "remove", id: "a" },
    );
    expect(statuses(state)).toEqual({ b: "queued" });
  });

  it("tries a failed file again in a fresh batch once the old one is done", () => {
    let state = run(
      emptyQueue,
      { type: "add", files: [file("a"), file("b")] },
      { type: "start", id: "a" },
      { type: "start", id: "b" },
      { type: "failed", id: "a", problem: { code: "NETWORK_ERROR", message: "Offline" } },
      { type: "accepted", id: "b", photoId: "p" },
    );
    expect(state.batch).toBe(1);
    state = run(state, { type: "retry", id: "a" });
    expect(state.batch).toBe(2);
    expect(statuses(state)).toEqual({ a: "queued" });
    expect(state.items[0]).toMatchObject({ batch: 2, problem: null, loaded: 0 });
  });

  it("adds to the running batch while files are on their way, and starts a new one after", () => {
    let state = run(emptyQueue, { type: "add", files: [file("a")] }, { type: "add", files: [file("b")] });
    expect(state.items.map((item) => item.batch)).toEqual([1, 1]);
    state = run(
      state,
      { type: "start", id: "a" },
      { type: "start", id: "b" },
      { type: "accepted", id: "a", photoId: "p1" },
      { type: "rejected", id: "b", problem: refused },
      { type: "add", files: [file("c")] },
    );
    // The accepted file is in the photo grid by now; the refused one stays with its reason.
    expect(statuses(state)).toEqual({ b: "rejected", c: "queued" });
    expect(state.batch).toBe(2);
  });

  it("dismisses every refused and failed file at once", () => {
    const state = run(
      emptyQueue,
      { type: "add", files: [file("a"), file("b", 1, refused), file("c")] },
      { type: "start", id: "a" },
      { type: "failed", id: "a", problem: refused },
      { type: "dismiss-problems" },
    );
    expect(statuses(state)).toEqual({ c: "queued" });
  });

  it("holds a group photo for a tap, sends it again with it, then sends the others waiting once", () => {
    const choose = { code: photoErrorCodes.chooseChild, message: "Tap Luna." };
    const faces = [{ x: 0.1, y: 0.2, width: 0.2, height: 0.3 }];
    let state = run(
      emptyQueue,
      { type: "add", files: [file("a"), file("b"), file("c")] },
      { type: "start", id: "a" },
      { type: "choose", id: "a", problem: choose, faces },
      { type: "start", id: "b" },
      { type: "choose", id: "b", problem: choose, faces },
      { type: "start", id: "c" },
      { type: "choose", id: "c", problem: choose, faces },
      // A tap on something not waiting for one changes nothing.
      { type: "tap", id: "missing", at: { x: 0.2, y: 0.3 } },
    );
    expect(statuses(state)).toEqual({ a: "choosing", b: "choosing", c: "choosing" });
    expect(batchSummary(state)).toMatchObject({ settled: 3, choosing: 3, active: 0 });
    // Dismissing the refused leaves the photos waiting for a tap.
    state = run(state, { type: "dismiss-problems" }, { type: "tap", id: "a", at: { x: 0.2, y: 0.35 } });
    expect(state.items.find((item) => item.id === "a")).toMatchObject({
      status: "queued",
      faceAt: { x: 0.2, y: 0.35 },
      faces: [],
      problem: null,
    });
    state = run(state, { type: "start", id: "a" }, { type: "accepted", id: "a", photoId: "p" });
    expect(statuses(state)).toEqual({ a: "accepted", b: "queued", c: "queued" });
    // Asked again after being sent on their own: they wait for the parent, never sent again by themselves.
    state = run(
      state,
      { type: "start", id: "b" },
      { type: "choose", id: "b", problem: choose, faces },
      { type: "tap", id: "b", at: { x: 0.2, y: 0.35 } },
      { type: "start", id: "b" },
      { type: "accepted", id: "b", photoId: "q" },
    );
    expect(statuses(state)).toMatchObject({ b: "accepted", c: "queued" });
    expect(state.items.find((item) => item.id === "c")?.resentAfterTap).toBe(true);
  });
});

describe("nextToStart", () => {
  it("keeps at most three files on their way, in the order they were picked", () => {
    let state = run(emptyQueue, { type: "add", files: ["a", "b", "c", "d", "e"].map((id) => file(id)) });
    expect(nextToStart(state, 3)).toEqual(["a", "b", "c"]);
    state = run(state, { type: "start", id: "a" }, { type: "start", id: "b" }, { type: "start", id: "c" });
    expect(nextToStart(state, 3)).toEqual([]);
    state = run(state, { type: "accepted", id: "b", photoId: "p" });
    expect(nextToStart(state, 3)).toEqual(["d"]);
  });
});

describe("batchSummary", () => {
  it("counts settled files whole and files on their way by the bytes sent", () => {
    let state = run(emptyQueue, { type: "add", files: ["a", "b", "c", "d"].map((id) => file(id, 100)) });
    expect(batchSummary(state)).toEqual({
      total: 4,
      settled: 0,
      accepted: 0,
      refused: 0,
      choosing: 0,
      active: 4,
      fraction: 0,
    });
    state = run(
      state,
      { type: "start", id: "a" },
      { type: "start", id: "b" },
      { type: "progress", id: "a", loaded: 100, total: 100 },
      { type: "progress", id: "b", loaded: 50, total: 100 },
      { type: "start", id: "c" },
      { type: "rejected", id: "c", problem: refused },
    );
    const summary = batchSummary(state);
    expect(summary).toMatchObject({ total: 4, settled: 1, refused: 1, active: 3 });
    // c counts whole, a is sent but still being checked (0.9), b half sent (0.45).
    expect(summary.fraction).toBeCloseTo((1 + 0.9 + 0.45) / 4);
    state = run(
      state,
      { type: "accepted", id: "a", photoId: "p" },
      { type: "accepted", id: "b", photoId: "q" },
    );
    state = run(state, { type: "start", id: "d" }, { type: "accepted", id: "d", photoId: "r" });
    expect(batchSummary(state)).toEqual({
      total: 4,
      settled: 4,
      accepted: 3,
      refused: 1,
      choosing: 0,
      active: 0,
      fraction: 1,
    });
  });

  it("counts only the current batch", () => {
    const state = run(
      emptyQueue,
      { type: "add", files: [file("a", 1, refused)] },
      { type: "add", files: [file("b")] },
    );
    expect(batchSummary(state)).toMatchObject({ total: 1, active: 1 });
  });
});

describe("admitFiles", () => {
  const limits = { min: 10, max: 30, maxMegabytes: 20 };
  const photo = (name: string) => ({ name, type: "image/jpeg", size: 1000 });

  it("refuses what precheckPhoto refuses, and what would go over the maximum", () => {
    const verdicts = admitFiles(
      [photo("a.jpg"), { name: "b.heic", type: "image/heic", size: 9 }, photo("c.jpg"), photo("d.jpg")],
      {
        limits,
        uploaded: 27,
        waiting: 1,
      },
    );
    expect(verdicts.map((verdict) => verdict?.code ?? null)).toEqual([
      null,
      photoErrorCodes.heic,
      null,
      photoErrorCodes.limitReached,
    ]);
    expect(verdicts[3]?.message).toBe(
      "You already have the most photos allowed (30). Remove some to add others.",
    );
  });

  it("admits everything while there is room", () => {
    expect(admitFiles([photo("a.jpg"), photo("b.jpg")], { limits, uploaded: 0, waiting: 0 })).toEqual([
      null,
      null,
    ]);
  });
});
