import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import type { FaceDetector } from "../face-detector/face-detector";
import type { Storage } from "../storage/storage";
import type {
  ImageModel,
  PredictionRun,
  StartPredictionInput,
  StartTrainingInput,
  TrainingPhoto,
  TrainingRun,
} from "./image-model";
import { renderLocalPortrait } from "./local-portrait-renderer";

/** The side of the face crops the local model keeps. */
const FACE_SIZE = 512;
/** How much of the head around the detected face box a crop takes (hair, chin, a little neck). */
const FACE_MARGIN = 1.9;

type LocalManifest = { triggerWord: string; faces: number; createdAt: string };

const modelPrefix = (trainingId: string) => `image-models/${trainingId}`;
const faceKey = (trainingId: string, index: number) => `${modelPrefix(trainingId)}/face-${index}.webp`;
const manifestKey = (trainingId: string) => `${modelPrefix(trainingId)}/manifest.json`;

/**
 * The offline image model (the default). "Training" prepares the child's face crops from the
 * uploaded photos and keeps them in our storage; a portrait composes one of those faces into the
 * style's art. Honest about what it is, needs no network, and deterministic: the same model, style
 * and seed always give the same bytes (the prediction id carries them, so nothing else is stored).
 */
export function createLocalImageModel(deps: {
  storage: Storage;
  faceDetector: FaceDetector | null;
  /** Training lasts at least this long, so a parent sees progress rather than a flash. */
  minTrainingMs: number;
}): ImageModel {
  async function readManifest(trainingId: string): Promise<LocalManifest | null> {
    if (!/^local-[0-9a-f-]{36}$/.test(trainingId)) return null;
    const bytes = await deps.storage.get(manifestKey(trainingId));
    return bytes ? (JSON.parse(bytes.toString("utf8")) as LocalManifest) : null;
  }

  return {
    name: "local",

    async startTraining(input: StartTrainingInput) {
      if (input.photos.length === 0) throw new Error("No photos to train on");
      const trainingId = `local-${randomUUID()}`;
      const started = Date.now();
      for (const [index, photo] of input.photos.entries()) {
        const crop = await cropFace(photo, deps.faceDetector);
        await deps.storage.put(faceKey(trainingId, index), crop, "image/webp");
        const share = (index + 1) / input.photos.length;
        const due = started + share * deps.minTrainingMs;
        if (due > Date.now()) await sleep(due - Date.now());
        await input.onProgress?.(Math.round(share * 95));
      }
      const manifest: LocalManifest = {
        triggerWord: input.triggerWord,
        faces: input.photos.length,
        createdAt: new Date().toISOString(),
      };
      await deps.storage.put(
        manifestKey(trainingId),
        Buffer.from(JSON.stringify(manifest)),
        "application/json",
      );
      return { trainingId };
    },

    async getTraining(trainingId: string): Promise<TrainingRun> {
      const manifest = await readManifest(trainingId);
      return manifest
        ? { status: "succeeded", progress: 100, modelVersion: trainingId, error: null }
        : { status: "failed", progress: null, modelVersion: null, error: "The prepared photos are gone." };
    },

    async startPrediction(input: StartPredictionInput) {
      if (!(await readManifest(input.modelVersion))) throw new Error(`No local model ${input.modelVersion}`);
      const request = { m: input.modelVersion, s: input.seed, st: input.styleId };
      return { predictionId: `local-${Buffer.from(JSON.stringify(request)).toString("base64url")}` };
    },

    async getPrediction(predictionId: string): Promise<PredictionRun> {
      const request = decodePrediction(predictionId);
      const manifest = request ? await readManifest(request.m) : null;
      if (!request || !manifest) {
        return { status: "failed", progress: null, output: null, error: "Unknown prediction." };
      }
      const face = await deps.storage.get(faceKey(request.m, request.s % manifest.faces));
      if (!face)
        return { status: "failed", progress: null, output: null, error: "The model's faces are gone." };
      const output = await renderLocalPortrait({ face, styleId: request.st, seed: request.s });
      return { status: "succeeded", progress: 100, output, error: null };
    },

    // Local training finishes inside the job that starts it: a training id exists only once it is done.
    async cancelTraining() {},

    async deleteModel(modelVersion: string) {
      if (!/^local-[0-9a-f-]{36}$/.test(modelVersion)) return;
      await deps.storage.delete(await deps.storage.list(`${modelPrefix(modelVersion)}/`));
    },
  };
}

function decodePrediction(predictionId: string): { m: string; s: number; st: string } | null {
  if (!predictionId.startsWith("local-")) return null;
  try {
    const parsed = JSON.parse(Buffer.from(predictionId.slice(6), "base64url").toString("utf8"));
    return typeof parsed.m === "string" && Number.isInteger(parsed.s) && typeof parsed.st === "string"
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/**
 * A square crop around the child's face: the largest face the detector finds, widened to take in
 * the hair; without a detector (or a find), sharp's attention crop, which favours skin and detail.
 */
async function cropFace(photo: TrainingPhoto, detector: FaceDetector | null): Promise<Buffer> {
  const image = sharp(photo.bytes).rotate();
  const { width = 0, height = 0 } = await image.metadata();
  const box = photo.face ?? (detector ? await largestFace(photo.bytes, detector, width, height) : null);
  if (box) {
    const side = Math.min(Math.round(Math.max(box.width, box.height) * FACE_MARGIN), width, height);
    const centreX = box.x + box.width / 2;
    // A little above the box's centre: the crop should hold the forehead and hair, not the collar.
    const centreY = box.y + box.height * 0.42;
    const left = Math.round(Math.min(Math.max(centreX - side / 2, 0), width - side));
    const top = Math.round(Math.min(Math.max(centreY - side / 2, 0), height - side));
    return sharp(photo.bytes)
      .extract({ left, top, width: side, height: side })
      .resize(FACE_SIZE, FACE_SIZE)
      .webp({ quality: 90 })
      .toBuffer();
  }
  return sharp(photo.bytes)
    .resize(FACE_SIZE, FACE_SIZE, { fit: "cover", position: sharp.strategy.attention })
    .webp({ quality: 90 })
    .toBuffer();
}

async function largestFace(bytes: Uint8Array, detector: FaceDetector, width: number, height: number) {
  const scale = Math.min(1, 640 / Math.max(width, height));
  const { data, info } = await sharp(bytes)
    .resize(Math.round(width * scale), Math.round(height * scale))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await detector.detect({ data, width: info.width, height: info.height });
  const largest = faces.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (!largest) return null;
  return {
    x: largest.x / scale,
    y: largest.y / scale,
    width: largest.width / scale,
    height: largest.height / scale,
  };
}
