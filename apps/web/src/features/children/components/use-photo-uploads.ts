import { useQueryClient } from "@tanstack/react-query";
import { faceChoiceSchema, photoErrorCodes } from "@wonderkin/contract";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { childrenQueryKey } from "@/entities/children/get-children";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { addPhotoToCache, childPhotosQueryKey } from "../api/child-photos";
import { uploadPhotoFile } from "../api/upload-photo";
import type { PhotoLimits } from "../lib/photo-precheck";
import {
  activeCount,
  admitFiles,
  batchSummary,
  emptyQueue,
  type FacePoint,
  nextToStart,
  uploadQueueReducer,
} from "../lib/upload-queue";
import { isConsentError } from "./use-consent-gate";
import type { UploadKeeper } from "./use-unfinished-uploads";

/** Files sent at once: enough to keep a connection busy, few enough that each shows progress. */
export const UPLOAD_CONCURRENCY = 3;

/** For a queue whose files need not outlive the page (tests, pages that keep nothing). */
const keepNothing: UploadKeeper = { hold: () => {}, release: () => {} };

/** Answers that may go away if the same file is sent again later. */
const retryableStatuses = new Set([0, 408, 429]);

const previewable = (file: File) =>
  file.type.startsWith("image/") &&
  !/^image\/(heic|heif)/.test(file.type) &&
  !/\.(heic|heif)$/i.test(file.name);

/**
 * The upload queue of one child's photos: picked files are checked on the device, then sent three
 * at a time with their progress; each accepted photo joins the child's photo list at once, each
 * refused one keeps the server's reason. The files and their previews (object URLs) live here and
 * are released when they leave the queue or the page. The `keeper` holds a copy of each file until
 * the server has settled it or the parent removed it, so a refresh does not lose it without a word.
 */
export function usePhotoUploads(options: {
  familyId: string;
  childId: number;
  limits: PhotoLimits;
  uploadedCount: number;
  onConsentNeeded: (error: unknown) => void;
  keeper?: UploadKeeper;
}) {
  const { familyId, childId, limits, uploadedCount, onConsentNeeded, keeper = keepNothing } = options;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(uploadQueueReducer, emptyQueue);
  const files = useRef(new Map<string, File>());
  const previews = useRef(new Map<string, string>());
  const controllers = useRef(new Map<string, AbortController>());
  const counter = useRef(0);

  const release = useCallback((id: string) => {
    const preview = previews.current.get(id);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(id);
    files.current.delete(id);
  }, []);

  const add = useCallback(
    (picked: File[]) => {
      if (picked.length === 0) return;
      // Photos waiting for a tap will be sent too: they count against the maximum.
      const choosing = state.items.filter((item) => item.status === "choosing").length;
      const verdicts = admitFiles(picked, {
        limits,
        uploaded: uploadedCount,
        waiting: activeCount(state) + choosing,
      });
      const entries = picked.map((file, index) => {
        counter.current += 1;
        const id = `upload-${counter.current}`;
        const problem = verdicts[index] ?? null;
        if (!problem) {
          files.current.set(id, file);
          keeper.hold(id, file);
        }
        if (previewable(file)) previews.current.set(id, URL.createObjectURL(file));
        return { id, name: file.name || "photo", size: file.size, problem };
      });
      dispatch({ type: "add", files: entries });
    },
    [limits, uploadedCount, state, keeper],
  );

  // Sends the next files whenever there is room (each file starts once: its controller marks it).
  useEffect(() => {
    for (const id of nextToStart(state, UPLOAD_CONCURRENCY)) {
      const file = files.current.get(id);
      const faceAt = state.items.find((item) => item.id === id)?.faceAt ?? null;
      if (!file || controllers.current.has(id)) continue;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      dispatch({ type: "start", id });
      let lastPercent = -1;
      uploadPhotoFile({
        file,
        childId,
        familyId,
        faceAt,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          // One update per percent is smooth enough and spares the page hundreds of renders.
          const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
          if (percent === lastPercent) return;
          lastPercent = percent;
          dispatch({ type: "progress", id, loaded, total });
        },
      })
        .then(
          (result) => {
            dispatch({ type: "accepted", id, photoId: result.photo.id });
            keeper.release(id);
            addPhotoToCache(queryClient, familyId, childId, result.photo, result.photoCount);
            // The grid shows the server's thumbnail from now on.
            release(id);
          },
          (error: unknown) => {
            if (error instanceof DOMException && error.name === "AbortError") return;
            if (isConsentError(error)) {
              dispatch({ type: "failed", id, problem: { code: error.code, message: error.message } });
              onConsentNeeded(error);
              return;
            }
            // Several people: the parent taps their child and the same file is sent again (kept).
            const choice =
              error instanceof ApiError && error.code === photoErrorCodes.chooseChild
                ? faceChoiceSchema.safeParse(error.details)
                : null;
            if (choice?.success && error instanceof ApiError) {
              dispatch({
                type: "choose",
                id,
                problem: { code: error.code, message: error.message },
                faces: choice.data.faces,
              });
              return;
            }
            if (error instanceof ApiError && !retryableStatuses.has(error.status) && error.status < 500) {
              dispatch({ type: "rejected", id, problem: { code: error.code, message: error.message } });
              files.current.delete(id);
              // A refusal is final: sending the same file again would be refused again.
              keeper.release(id);
              return;
            }
            dispatch({
              type: "failed",
              id,
              problem: {
                code: error instanceof ApiError ? error.code : "UPLOAD_FAILED",
                message: errorMessage(error, "We couldn't upload this photo. Please try again."),
              },
            });
          },
        )
        .finally(() => controllers.current.delete(id));
    }
  }, [state, childId, familyId, queryClient, release, onConsentNeeded, keeper]);

  const summary = batchSummary(state);

  // When a batch ends, the children list (photo counts) is read again to be sure it is in step, and
  // so are the photos: each new one may move the others' ranks and settle who the child is.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && summary.active === 0) {
      void queryClient.invalidateQueries({ queryKey: childrenQueryKey(familyId), exact: true });
      void queryClient.invalidateQueries({ queryKey: childPhotosQueryKey(familyId, childId) });
    }
    wasActive.current = summary.active > 0;
  }, [summary.active, queryClient, familyId, childId]);

  // A refresh or a closed tab mid-upload stops the files on their way: the browser asks first (in its
  // own words), only while something is being sent. What is stopped is kept by the keeper and offered
  // again on the next visit.
  const sending = state.items.some((item) => item.status === "uploading");
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [sending]);

  // Leaving the page stops what is still on its way and frees every preview.
  useEffect(() => {
    const ongoing = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of ongoing.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const remove = useCallback(
    (id: string) => {
      const controller = controllers.current.get(id);
      if (controller) {
        controller.abort();
        // The server may have taken the photo just before the cancel arrived: ask it.
        void queryClient.invalidateQueries({ queryKey: childPhotosQueryKey(familyId, childId) });
      }
      release(id);
      keeper.release(id);
      dispatch({ type: "remove", id });
    },
    [release, queryClient, familyId, childId, keeper],
  );

  const retry = useCallback((id: string) => dispatch({ type: "retry", id }), []);

  const tapFace = useCallback((id: string, at: FacePoint) => dispatch({ type: "tap", id, at }), []);

  const dismissProblems = useCallback(() => {
    for (const item of state.items) {
      if (item.status === "rejected" || item.status === "failed") {
        release(item.id);
        keeper.release(item.id);
      }
    }
    dispatch({ type: "dismiss-problems" });
  }, [state.items, release, keeper]);

  const previewOf = useCallback((id: string) => previews.current.get(id) ?? null, []);

  return { state, summary, add, remove, retry, tapFace, dismissProblems, previewOf };
}
