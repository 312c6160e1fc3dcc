import {
  apiErrorSchema,
  FAMILY_HEADER,
  PHOTO_FACE_AT_FIELD,
  uploadSinglePhotoPath,
  uploadSinglePhotoResponseSchema,
} from "@wonderkin/contract";
import type { z } from "zod";
import { readSessionToken } from "@/entities/session/session-storage";
import { ApiError } from "@/lib/api-client";

export type UploadedPhotoResult = z.infer<typeof uploadSinglePhotoResponseSchema>;

/** Big photos on a slow phone connection take a while; a stalled one should not wait forever. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Sends one photo to `/api/image/single-image-upload` as multipart/form-data: the `childId` field
 * (and the tapped face, if any) first, as the server reads them before the file, then the file. XMLHttpRequest rather than fetch,
 * because only it reports upload progress. A refused photo rejects with the server's ApiError
 * (its `message` is the reason to show); an aborted upload rejects with an AbortError.
 */
export function uploadPhotoFile(options: {
  file: File;
  childId: number;
  familyId: string;
  /** In a photo of several people, where the parent tapped their child (fractions of the photo). */
  faceAt?: { x: number; y: number } | null;
  onProgress: (progress: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
}): Promise<UploadedPhotoResult> {
  const { file, childId, familyId, faceAt, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    const body = new FormData();
    body.append("childId", String(childId));
    if (faceAt) body.append(PHOTO_FACE_AT_FIELD, `${faceAt.x.toFixed(4)},${faceAt.y.toFixed(4)}`);
    body.append("file", file, file.name);

    const request = new XMLHttpRequest();
    request.open("POST", uploadSinglePhotoPath);
    request.responseType = "text";
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader("accept", "application/json");
    const token = readSessionToken();
    if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
    request.setRequestHeader(FAMILY_HEADER, familyId);

    request.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      onProgress({ loaded: event.loaded, total });
    };
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = uploadSinglePhotoResponseSchema.safeParse(payload);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new ApiError(
              request.status,
              "UNEXPECTED_RESPONSE",
              "The server sent an answer this page does not understand.",
            ),
          );
        return;
      }
      const error = apiErrorSchema.safeParse(payload);
      reject(
        error.success
          ? new ApiError(request.status, error.data.code, error.data.message, error.data.details)
          : new ApiError(request.status, "UNEXPECTED_RESPONSE", `The server answered ${request.status}.`),
      );
    };
    request.onerror = () =>
      reject(
        new ApiError(0, "NETWORK_ERROR", "The upload was interrupted. Check your connection and try again."),
      );
    request.ontimeout = () =>
      reject(new ApiError(0, "TIMEOUT", "The upload took too long. Check your connection and try again."));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });

    request.send(body);
  });
}
