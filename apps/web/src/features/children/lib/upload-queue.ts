import { type FaceBox, photoErrorCodes, photoMessage } from "@wonderkin/contract";
import { type PhotoLimits, type PhotoProblem, precheckPhoto } from "./photo-precheck";

/**
 * The photos a parent has picked on the upload page and what became of each. The files themselves
 * (and their previews) stay with the page; this state is plain data, so every transition is tested.
 *
 * A "batch" is what the parent added while nothing else was waiting: the overall progress bar
 * counts it ("7 of 20"), and it ends when every file in it is settled. Accepted files leave the
 * list at the start of the next batch (they are in the photo grid by then); refused ones stay, with
 * their reason, until the parent dismisses them.
 *
 * A photo of several people the server cannot sort out alone waits in "choosing": the parent taps
 * their child (`faceAt`) and it is sent again. Once a tapped photo is taken, the set knows the
 * child's face, so the other photos waiting for a tap are sent again once on their own.
 */
export type QueueStatus = "queued" | "uploading" | "accepted" | "rejected" | "failed" | "choosing";

/** Where the parent tapped their child, in fractions of the photo (as the server reads it). */
export type FacePoint = { x: number; y: number };

export type QueueItem = {
  id: string;
  name: string;
  size: number;
  batch: number;
  status: QueueStatus;
  /** Bytes of the request sent so far, and in all (from the upload's progress events). */
  loaded: number;
  total: number;
  /** Why it was refused (rejected) or could not be sent (failed: it may be tried again). */
  problem: PhotoProblem | null;
  /** Refused on this device, before anything was sent. */
  checkedLocally: boolean;
  photoId: string | null;
  /** choosing: the faces the server found, to tap one. */
  faces: FaceBox[];
  /** The face the parent tapped, sent with the photo. */
  faceAt: FacePoint | null;
  /** Sent again on its own once after another photo's tap (never twice). */
  resentAfterTap: boolean;
};

export type QueueState = { items: QueueItem[]; batch: number };

export const emptyQueue: QueueState = { items: [], batch: 0 };

export type NewFile = { id: string; name: string; size: number; problem: PhotoProblem | null };

export type QueueAction =
  | { type: "add"; files: NewFile[] }
  | { type: "start"; id: string }
  | { type: "progress"; id: string; loaded: number; total: number }
  | { type: "accepted"; id: string; photoId: string }
  | { type: "rejected"; id: string; problem: PhotoProblem }
  | { type: "failed"; id: string; problem: PhotoProblem }
  | { type: "choose"; id: string; problem: PhotoProblem; faces: FaceBox[] }
  | { type: "tap"; id: string; at: FacePoint }
  | { type: "retry"; id: string }
  | { type: "remove"; id: string }
  | { type: "dismiss-problems" };

const isActive = (item: QueueItem) => item.status === "queued" || item.status === "uploading";

/** Files waiting or on their way. */
export function activeCount(state: QueueState): number {
  return state.items.filter(isActive).length;
}

/** A new batch starts when nothing is in flight; accepted files of the old one leave the list. */
function openBatch(state: QueueState): QueueState {
  if (state.items.some(isActive)) return state;
  return { batch: state.batch + 1, items: state.items.filter((item) => item.status !== "accepted") };
}

function update(state: QueueState, id: string, change: (item: QueueItem) => QueueItem | null): QueueState {
  let changed = false;
  const items = state.items.flatMap((item) => {
    if (item.id !== id) return [item];
    changed = true;
    const next = change(item);
    return next ? [next] : [];
  });
  return changed ? { ...state, items } : state;
}

/** Sends a settled file again, in a fresh batch once the old one is done, if it is still `from`. */
function sendAgain(
  state: QueueState,
  id: string,
  from: QueueStatus,
  changes: Partial<QueueItem>,
): QueueState {
  const target = state.items.find((item) => item.id === id);
  if (target?.status !== from) return state;
  const opened = openBatch(state);
  return update(opened, id, (item) => ({
    ...item,
    status: "queued",
    batch: opened.batch,
    loaded: 0,
    problem: null,
    ...changes,
  }));
}

export function uploadQueueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case "add": {
      if (action.files.length === 0) return state;
      const opened = openBatch(state);
      const added = action.files.map(
        (file): QueueItem => ({
          id: file.id,
          name: file.name,
          size: file.size,
          batch: opened.batch,
          status: file.problem ? "rejected" : "queued",
          loaded: 0,
          total: file.size,
          problem: file.problem,
          checkedLocally: file.problem !== null,
          photoId: null,
          faces: [],
          faceAt: null,
          resentAfterTap: false,
        }),
      );
      return { ...opened, items: [...opened.items, ...added] };
    }
    case "start":
      return update(state, action.id, (item) =>
        item.status === "queued" ? { ...item, status: "uploading", loaded: 0 } : item,
      );
    case "progress":
      return update(state, action.id, (item) =>
        item.status === "uploading"
          ? { ...item, loaded: Math.min(action.loaded, action.total), total: action.total }
          : item,
      );
    case "accepted": {
      const tapped = state.items.find((item) => item.id === action.id)?.faceAt != null;
      const accepted = update(state, action.id, (item) => ({
        ...item,
        status: "accepted",
        loaded: item.total,
        problem: null,
        photoId: action.photoId,
      }));
      if (!tapped) return accepted;
      // The set now knows the child's face: photos waiting for a tap may not need one any more.
      return {
        ...accepted,
        items: accepted.items.map((item) =>
          item.status === "choosing" && !item.resentAfterTap
            ? { ...item, status: "queued", batch: accepted.batch, loaded: 0, resentAfterTap: true }
            : item,
        ),
      };
    }
    case "choose":
      return update(state, action.id, (item) => ({
        ...item,
        status: "choosing",
        problem: action.problem,
        faces: action.faces,
      }));
    case "tap":
      return sendAgain(state, action.id, "choosing", { faces: [], faceAt: action.at });
    case "rejected":
      return update(state, action.id, (item) => ({ ...item, status: "rejected", problem: action.problem }));
    case "failed":
      return update(state, action.id, (item) => ({ ...item, status: "failed", problem: action.problem }));
    case "retry":
      return sendAgain(state, action.id, "failed", {});
    case "remove":
      return update(state, action.id, () => null);
    case "dismiss-problems":
      return {
        ...state,
        items: state.items.filter((item) => item.status !== "rejected" && item.status !== "failed"),
      };
  }
}

/** The next files to send so that at most `concurrency` are on their way at once, in the order picked. */
export function nextToStart(state: QueueState, concurrency: number): string[] {
  const running = state.items.filter((item) => item.status === "uploading").length;
  const free = Math.max(0, concurrency - running);
  return state.items
    .filter((item) => item.status === "queued")
    .slice(0, free)
    .map((item) => item.id);
}

export type BatchSummary = {
  /** Files in the current batch, and how many of them are settled (accepted, refused or failed). */
  total: number;
  settled: number;
  accepted: number;
  refused: number;
  /** Photos of several people waiting for the parent to tap their child. */
  choosing: number;
  active: number;
  /** 0 to 1: settled files count whole, files on their way by the share of their bytes sent. */
  fraction: number;
};

/**
 * The overall progress of the current batch. Sending a file's bytes is 90 % of its share; the
 * server's checks (type, size, face) are the last 10 %, so the bar never sits full while it waits.
 */
export function batchSummary(state: QueueState): BatchSummary {
  const items = state.items.filter((item) => item.batch === state.batch);
  let progress = 0;
  let accepted = 0;
  let refused = 0;
  let choosing = 0;
  let active = 0;
  for (const item of items) {
    if (item.status === "accepted") accepted += 1;
    if (item.status === "choosing") choosing += 1;
    if (item.status === "rejected" || item.status === "failed") refused += 1;
    if (isActive(item)) active += 1;
    if (!isActive(item)) progress += 1;
    else if (item.status === "uploading" && item.total > 0) progress += 0.9 * (item.loaded / item.total);
  }
  const total = items.length;
  return {
    total,
    settled: accepted + refused + choosing,
    accepted,
    refused,
    choosing,
    active,
    fraction: total === 0 ? 0 : progress / total,
  };
}

/**
 * What each newly picked file faces before it is sent: the obvious refusals (precheckPhoto), then
 * the room left under the maximum, counting photos already uploaded and files already waiting.
 */
export function admitFiles(
  files: ReadonlyArray<{ name: string; type: string; size: number }>,
  options: { limits: PhotoLimits; uploaded: number; waiting: number },
): (PhotoProblem | null)[] {
  let room = options.limits.max - options.uploaded - options.waiting;
  return files.map((file) => {
    const problem = precheckPhoto(file, options.limits);
    if (problem) return problem;
    if (room <= 0) {
      return {
        code: photoErrorCodes.limitReached,
        message: photoMessage("limitReached", { max: options.limits.max }),
      };
    }
    room -= 1;
    return null;
  });
}
