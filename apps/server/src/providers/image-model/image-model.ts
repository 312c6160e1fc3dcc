/**
 * The image-model port: trains one model per child and renders portraits with it. Two
 * implementations sit side by side: `local` (offline, deterministic, the default) and `replicate`.
 *
 * Both are driven the same way: start, then ask for the state. The state is settled by whoever asks
 * first — the job right after starting, a signed webhook, the periodic reconciler, or a parent's
 * manual check — so a lost webhook only delays, never loses, a result.
 */

import type { ChildGender } from "@wonderkin/contract";
import type { TrainingPhoto } from "../../image-work/faces/crop-face";
import type { PortraitBox } from "../../image-work/portraits/face-in-costume";

export type ProviderRunStatus = "running" | "succeeded" | "failed";

// Defined beside the face crop that reads it: image-work imports nothing from providers.
export type { TrainingPhoto };

export type StartTrainingInput = {
  childId: number;
  triggerWord: string;
  photos: TrainingPhoto[];
  /** Where the provider posts its completion (null: the provider is polled only). */
  webhookUrl: string | null;
  /** Reports the training's overall progress (0–100) for the part done during this call. */
  onProgress?: (percent: number) => Promise<void> | void;
};

export type TrainingRun = {
  status: ProviderRunStatus;
  /** 0–100 when the provider says. */
  progress: number | null;
  /** The trained model reference to generate with, once succeeded. */
  modelVersion: string | null;
  error: string | null;
};

export type StartPredictionInput = {
  modelVersion: string;
  prompt: string;
  seed: number;
  styleId: string;
  /**
   * The child's gender, for a model that draws the child itself (the local one dresses the hair to
   * match); a provider reads it from the prompt, which already names a boy or a girl.
   */
  gender: ChildGender;
  webhookUrl: string | null;
};

/** A photo a preview is made from: where it lives in our storage, its face box, and its reference copy. */
export type PreviewPhoto = {
  /** The local model reads the photo back from here when it renders, so it keeps nothing itself. */
  storageKey: string;
  /** The face box found at upload, when known (pixels of the stored photo). */
  face: TrainingPhoto["face"];
  /**
   * The photo as a provider receives it (reference-copy.ts): made only by a model that sends it, as
   * it costs an image thread ≈ 0.3 s a photo and the local model never reads it.
   */
  referenceCopy(): Promise<Buffer>;
};

export type StartPreviewInput = {
  /** 1–4 of the child's best photos, best first. */
  photos: PreviewPhoto[];
  /** The style's prompt, naming "the child in the reference photos" instead of a trigger word. */
  prompt: string;
  seed: number;
  styleId: string;
  /** As for a portrait (StartPredictionInput). */
  gender: ChildGender;
  webhookUrl: string | null;
};

export type PredictionRun = {
  status: ProviderRunStatus;
  progress: number | null;
  /** The image bytes once succeeded (the adapter fetches provider URLs at once: they expire). */
  output: Uint8Array | null;
  /**
   * Where the model drew the child's face in `output` (pixels), when it knows: the local model
   * does, a provider does not. The likeness check looks there first; it is never trusted on its own.
   */
  face?: PortraitBox | null;
  error: string | null;
  /**
   * The provider's own safety checker refused the output (Replicate's models fail such a run with
   * an "NSFW" or "flagged as sensitive" error): counted as a failed safety check (decision 0038).
   */
  flagged?: boolean;
};

export type ImageModel = {
  name: "local" | "replicate";
  startTraining(input: StartTrainingInput): Promise<{ trainingId: string }>;
  getTraining(trainingId: string): Promise<TrainingRun>;
  startPrediction(input: StartPredictionInput): Promise<{ predictionId: string }>;
  /**
   * A portrait without a trained model, from a few reference photos (an instant preview while the
   * child's model trains). Its outcome is read with `getPrediction`, like any portrait's.
   */
  startPreview(input: StartPreviewInput): Promise<{ predictionId: string }>;
  getPrediction(predictionId: string): Promise<PredictionRun>;
  /**
   * Removes the trained model (and its prepared files) at the provider. Resolves with the
   * provider's answer as a deletion receipt shows it ("deleted (204)", "already gone (404)"); throws
   * while the deletion is not finished (a queued job tries again).
   */
  deleteModel(modelVersion: string): Promise<string>;
  /**
   * Stops a training that is still running (its child is being deleted); asking about it afterwards
   * reports it failed, which also removes what it had made. Unknown or finished runs are left as
   * they are.
   */
  cancelTraining(trainingId: string): Promise<void>;
  /**
   * What becomes of the predictions (portrait runs) made for a deleted child, as a deletion receipt
   * states it: the provider offers no call to delete one, so this is its documented retention.
   */
  predictionRetention: string;
  /**
   * Checks a webhook's signature over the raw body and returns which run it is about, or null when
   * the signature is wrong or missing. Only providers that send webhooks implement it.
   */
  verifyWebhook?(input: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
  }): { webhookId: string; kind: "training" | "prediction"; runId: string } | null;
};
