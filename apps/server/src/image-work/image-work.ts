import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import { AppError } from "../lib/app-error";
import type { FaceDetector } from "./faces/face-detector";
import { type ImageTaskName, type ImageTasks, runImageTask, type TaskOutcome } from "./image-tasks";
import type { SafetyModel } from "./safety/nsfwjs-safety-classifier";
import type { SafetyClassifier } from "./safety/safety-classifier";

/** Buffers come back from a thread as plain Uint8Arrays; the callers want Buffers (sharp, storage). */
type Revived<T> = T extends Uint8Array
  ? Buffer
  : T extends (infer Item)[]
    ? Revived<Item>[]
    : T extends object
      ? { [Key in keyof T]: Revived<T[Key]> }
      : T;

type TaskFunctions = {
  [Name in ImageTaskName]: (
    input: Parameters<ImageTasks[Name]>[0],
  ) => Promise<Revived<Awaited<ReturnType<ImageTasks[Name]>>>>;
};

/**
 * CPU-bound image work (photo checks, face detection, face crops, rendering, portrait and print
 * files), off the event loop: in a pool of worker threads sized to the cores, so neither the API
 * nor the job loop blocks while a photo is checked or a portrait drawn. `threads: 0` runs it
 * in-process (one-off scripts; tests that do not exercise the pool).
 */
export type ImageWork = TaskFunctions & {
  threads: number;
  /** The face-detector port, answered by the pool's threads. */
  faceDetector: FaceDetector;
  /** The safety classifier's port for one network, answered by the pool's threads. */
  safetyClassifier(model: SafetyModel): SafetyClassifier;
  /** Tasks waiting for a free thread (a metric, and a hint for estimates). */
  queued(): number;
  /** Threads started and not yet given back (a lazy pool has none until its first task). */
  threadsRunning(): number;
  close(): Promise<void>;
};

function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]));
  }
  return value;
}

function unwrap(outcome: TaskOutcome): unknown {
  if (outcome.ok) return revive(outcome.value);
  const { statusCode, code, message, details } = outcome.appError;
  throw new AppError(statusCode, code, message, details);
}

const require = createRequire(import.meta.url);

/** Running from TypeScript sources (dev, tests), the threads need tsx's loader too. */
function threadEntry(): { filename: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith(".ts");
  return {
    filename: new URL(`./image-thread.${fromSources ? "ts" : "js"}`, import.meta.url).href,
    execArgv: fromSources ? ["--import", pathToFileURL(require.resolve("tsx")).href] : [],
  };
}

/**
 * How long a lazy pool keeps an idle thread. An API-only process checks photos in bursts (a parent
 * uploads ten in a minute, then nothing for hours): long enough that one parent's uploads find the
 * face detector's weights loaded, short enough that an idle API process gives back their memory.
 */
export const LAZY_THREAD_IDLE_MS = 5 * 60_000;

export function createImageWork(options: {
  threads: number;
  /**
   * Start every thread now and keep it (processes that render: the job loop must not wait for a
   * thread to boot) rather than on first use, given back after LAZY_THREAD_IDLE_MS idle (API-only
   * processes, tests, scripts).
   */
  eager?: boolean;
  /** Overrides LAZY_THREAD_IDLE_MS (tests). */
  idleTimeoutMs?: number;
  /** Each thread starts loading this safety network as it starts (null: screening is off). */
  warmSafetyModel?: SafetyModel | null;
}): ImageWork {
  let run: (name: ImageTaskName, input: unknown) => Promise<unknown>;
  let queued = () => 0;
  let threadsRunning = () => 0;
  let close = async () => {};
  if (options.threads === 0) {
    run = async (name, input) => unwrap(await runImageTask(name, input));
  } else {
    const pool = new Piscina({
      ...threadEntry(),
      minThreads: options.eager ? options.threads : 0,
      maxThreads: options.threads,
      // Threads keep TensorFlow's weights and drawn art warm; an idle lazy pool gives them back.
      idleTimeout: options.eager ? Number.POSITIVE_INFINITY : (options.idleTimeoutMs ?? LAZY_THREAD_IDLE_MS),
      workerData: { warmSafetyModel: options.warmSafetyModel ?? null },
    });
    run = async (name, input) => unwrap(await pool.run({ name, input }));
    queued = () => pool.queueSize;
    threadsRunning = () => pool.threads.length;
    close = () => pool.close();
  }
  const task =
    <Name extends ImageTaskName>(name: Name) =>
    (input: Parameters<ImageTasks[Name]>[0]) =>
      run(name, input) as ReturnType<TaskFunctions[Name]>;
  const detectFaces = task("detectFaces");
  const describeFaces = task("describeFaces");
  const classifySafety = task("classifySafety");
  return {
    threads: options.threads,
    preparePhoto: task("preparePhoto"),
    faceHashes: task("faceHashes"),
    keepOnlyTheChild: task("keepOnlyTheChild"),
    detectFaces,
    describeFaces,
    analysisCopy: task("analysisCopy"),
    describePortraitFaces: task("describePortraitFaces"),
    cropFace: task("cropFace"),
    faceCropLandmarks: task("faceCropLandmarks"),
    referenceCopy: task("referenceCopy"),
    renderLocalPortrait: task("renderLocalPortrait"),
    makePortraitFiles: task("makePortraitFiles"),
    makePrintFile: task("makePrintFile"),
    makeStorybookPdf: task("makeStorybookPdf"),
    makeSeriesPosterPdf: task("makeSeriesPosterPdf"),
    renderVideoFrames: task("renderVideoFrames"),
    encodeMp4Clip: task("encodeMp4Clip"),
    classifySafety,
    faceDetector: { detect: detectFaces, describe: describeFaces },
    safetyClassifier: (model) => ({ classify: ({ bytes }) => classifySafety({ bytes, model }) }),
    queued: () => queued(),
    threadsRunning: () => threadsRunning(),
    close: () => close(),
  };
}
