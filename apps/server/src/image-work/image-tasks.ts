import type { ChildGender } from "@wonderkin/contract";
import { AppError } from "../lib/app-error";
import { cropFace, type TrainingPhoto } from "./faces/crop-face";
import { describePortraitFaces, type LookingFor } from "./faces/describe-portrait-faces";
import type { DescribedFace, DetectedFace } from "./faces/face-detector";
import type { Point } from "./faces/face-geometry";
import { createTfjsFaceDetector } from "./faces/tfjs-face-detector";
import { faceHashes } from "./photos/face-hash";
import { keepOnlyTheChild } from "./photos/keep-only-the-child";
import { analysisCopy, preparePhoto } from "./photos/process-photo";
import { encodeMp4Clip } from "./portraits/encode-mp4-clip";
import { faceCropLandmarks, renderLocalPortrait } from "./portraits/local-portrait-renderer";
import { makePortraitFiles, makePrintFile } from "./portraits/portrait-files";
import { renderVideoFrames, type VideoFramesInput } from "./portraits/portrait-video-frames";
import { referenceCopy } from "./portraits/reference-copy";
import { createNsfwjsSafetyClassifier, type SafetyModel } from "./safety/nsfwjs-safety-classifier";
import type { SafetyScores } from "./safety/safety-classifier";
import { renderSeriesPosterPdf, type SeriesPosterInput } from "./storybook/series-poster-pdf";
import { renderStorybookPdf, type StorybookPdfInput } from "./storybook/storybook-pdf";

/**
 * The CPU-bound image work of the product, as plain functions of plain data so that each can run in
 * a worker thread (image-work-pool.ts) or in-process (WORKER_THREADS=0). Bytes cross a thread as
 * Uint8Array; each task turns them back into Buffers for sharp.
 */

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** One detector per thread: TensorFlow and its weights load once, on first use. */
let detector: ReturnType<typeof createTfjsFaceDetector> | null = null;
const threadDetector = () => {
  detector ??= createTfjsFaceDetector();
  return detector;
};

/** One safety classifier per thread and network, loaded on first use like the detector. */
const classifiers = new Map<SafetyModel, ReturnType<typeof createNsfwjsSafetyClassifier>>();
const threadClassifier = (model: SafetyModel) => {
  let classifier = classifiers.get(model);
  if (!classifier) {
    classifier = createNsfwjsSafetyClassifier({ model });
    classifiers.set(model, classifier);
  }
  return classifier;
};

/** Starts loading a network in this thread; a failure here is reported by the first real task. */
export function warmSafetyClassifier(model: SafetyModel): void {
  threadClassifier(model)
    .warm()
    .catch(() => {});
}

export const imageTasks = {
  preparePhoto: (input: { bytes: Uint8Array; maxBytes: number }) =>
    preparePhoto(asBuffer(input.bytes), { maxBytes: input.maxBytes }),

  detectFaces: (input: { data: Uint8Array; width: number; height: number }): Promise<DetectedFace[]> =>
    threadDetector().detect({ data: asBuffer(input.data), width: input.width, height: input.height }),

  describeFaces: (input: { data: Uint8Array; width: number; height: number }): Promise<DescribedFace[]> =>
    threadDetector().describe({ data: asBuffer(input.data), width: input.width, height: input.height }),

  /** The faces of a finished portrait, each described from its own region (the likeness check). */
  describePortraitFaces: (input: { bytes: Uint8Array; lookingFor?: LookingFor }): Promise<DescribedFace[]> =>
    describePortraitFaces(input.bytes, threadDetector(), input.lookingFor ?? null),

  /** What a picture shows, for the child-safety screen (decision 0038). */
  classifySafety: (input: { bytes: Uint8Array; model: SafetyModel }): Promise<SafetyScores> =>
    threadClassifier(input.model).classify({ bytes: input.bytes }),

  /** A square around the child's face with every other face blurred (group photos, issue 31). */
  keepOnlyTheChild: (input: {
    bytes: Uint8Array;
    analysisSize: { width: number; height: number };
    child: Pick<DetectedFace, "x" | "y" | "width" | "height">;
    others: Pick<DetectedFace, "x" | "y" | "width" | "height">[];
  }) => keepOnlyTheChild(asBuffer(input.bytes), input),

  /** The perceptual hashes of the face in a photo's analysis copy (near-copies, decision 0055). */
  faceHashes: (input: {
    analysis: { data: Uint8Array; width: number; height: number; channels: 1 | 2 | 3 | 4 };
    face: Pick<DetectedFace, "x" | "y" | "width" | "height">;
  }) => {
    const { data, width, height, channels } = input.analysis;
    return faceHashes({ data: asBuffer(data), info: { width, height, channels } }, input.face);
  },

  /** A small RGB copy of any picture (a finished portrait), the size the face checks run at. */
  analysisCopy: async (input: { bytes: Uint8Array }) => {
    const { data, info } = await analysisCopy(asBuffer(input.bytes));
    return { data, width: info.width, height: info.height };
  },

  cropFace: (input: { photo: TrainingPhoto; detectFace: boolean }) =>
    cropFace(input.photo, input.detectFace ? threadDetector() : null),

  /** The landmarks of a face crop, found once at training so that portraits need not look again. */
  faceCropLandmarks: (input: { face: Uint8Array }): Promise<Point[] | null> =>
    faceCropLandmarks(input.face, threadDetector()),

  renderLocalPortrait: (input: {
    face: Uint8Array;
    /** The crop's landmarks as training found them (null: none found); absent: look when findFace. */
    landmarks?: Point[] | null;
    styleId: string;
    seed: number;
    presentation: ChildGender | null;
    artCacheDir: string | null;
    /** Find the face's landmarks in the crop (FACE_DETECTION on); else the crop is taken as centred. */
    findFace: boolean;
  }) => renderLocalPortrait(input, input.findFace ? threadDetector() : null),

  makePortraitFiles: (input: { output: Uint8Array; watermark: string | null }) =>
    makePortraitFiles(input.output, { watermark: input.watermark }),

  makePrintFile: (input: { portrait: Uint8Array }) => makePrintFile(input.portrait),

  /** A print-ready storybook PDF of a child's portraits: cover, a page per portrait, closing page. */
  makeStorybookPdf: (input: StorybookPdfInput) => renderStorybookPdf(input),

  /** A yearly series' "through the years" A4 poster: one portrait per year (decision 0068). */
  makeSeriesPosterPdf: (input: SeriesPosterInput) => renderSeriesPosterPdf(input),

  referenceCopy: (input: { photo: Uint8Array }) => referenceCopy(asBuffer(input.photo)),

  /** Some frames of a portrait's clip (decision 0033), as JPEGs. */
  renderVideoFrames: (input: VideoFramesInput) => renderVideoFrames(input),

  /** A clip's frames encoded into one MP4 (decision 0057), by an ffmpeg child process of the thread. */
  encodeMp4Clip: (input: { frames: Uint8Array[]; fps: number }) => encodeMp4Clip(input),
};

export type ImageTasks = typeof imageTasks;
export type ImageTaskName = keyof ImageTasks;

/**
 * What a task answers across a thread. Errors are structured-cloned without their own fields, so
 * an AppError (a photo refused with a code) travels as data and is rebuilt on the other side.
 */
export type TaskOutcome =
  | { ok: true; value: unknown }
  | { ok: false; appError: { statusCode: number; code: string; message: string; details?: unknown } };

export async function runImageTask(name: ImageTaskName, input: unknown): Promise<TaskOutcome> {
  try {
    const task = imageTasks[name] as (input: unknown) => Promise<unknown>;
    return { ok: true, value: await task(input) };
  } catch (error) {
    if (error instanceof AppError) {
      const { statusCode, code, message, details } = error;
      return { ok: false, appError: { statusCode, code, message, details } };
    }
    throw error;
  }
}
