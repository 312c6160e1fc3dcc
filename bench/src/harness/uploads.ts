import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Parents uploading photos as the web app does: one photo per request, a few at a time each. */
export type UploadPlan = {
  /** The single-photo upload endpoint (multipart: the `childId` field, then the file). */
  url: string;
  /** One per parent: the headers of its session and family, and the child the photos are for. */
  uploaders: { headers: Record<string, string>; childId: number }[];
  /** JPEG files on disk; every parent uploads each of them, in this order. */
  photoFiles: string[];
  /** Uploads of one parent on their way at once. */
  concurrency: number;
};

export type UploadCall = {
  uploader: number;
  photo: number;
  status: number;
  /** The stable error `code` of a non-2xx JSON answer, if it has one. */
  code: string | null;
  /** From the request's start to its last body byte. */
  latencyMs: number;
};

export type UploadsResult = {
  /** From the first upload's start to the last one's end. */
  wallMs: number;
  calls: UploadCall[];
};

export type UploadGeneratorMessage =
  | { ready: true }
  | { ok: true; result: UploadsResult }
  | { ok: false; error: string };

/** What the upload generator is sent once the parent is ready for the uploads to start. */
export const GO_MESSAGE = "go";

const uploadGeneratorFile = fileURLToPath(new URL("./upload-generator.ts", import.meta.url));

export type PreparedUploads = {
  /** Starts the uploads and answers once every one has been answered. */
  go(): Promise<UploadsResult>;
  /** Ends the generator without uploading (when something else failed first). */
  cancel(): void;
};

/**
 * Uploads from a separate process, for the reason measure-http.ts gives: the server runs in this
 * one. The process is started and has read its photos before this resolves, so `go()` starts the
 * uploads within a message's time (nothing of a process start falls into a measured window).
 */
export function prepareUploads(plan: UploadPlan): Promise<PreparedUploads> {
  const child: ChildProcess = fork(uploadGeneratorFile, [JSON.stringify(plan)]);
  let answer: Exclude<UploadGeneratorMessage, { ready: true }> | undefined;
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  const result = new Promise<UploadsResult>((resolve, reject) => {
    child.on("message", (raw) => {
      const message = raw as UploadGeneratorMessage;
      if ("ready" in message) onReady();
      else answer = message;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (answer?.ok) resolve(answer.result);
      else if (answer) reject(new Error(answer.error));
      else
        reject(new Error(`upload generator stopped without a result (exit code ${code}, signal ${signal})`));
    });
  });
  // Kept from rejecting unhandled while nobody waits for it yet.
  result.catch(() => {});
  return Promise.race([ready.then(() => true), result.then(() => false)]).then(async (isReady) => {
    if (!isReady) {
      await result;
      throw new Error("the upload generator ended before it was ready");
    }
    return {
      go() {
        child.send(GO_MESSAGE);
        return result;
      },
      cancel() {
        child.kill();
      },
    };
  });
}
