import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { ChildGender } from "@wonderkin/contract";
import type { Point } from "../../image-work/faces/face-geometry";
import type { ImageWork } from "../../image-work/image-work";
import type { Storage } from "../storage/storage";
import type {
  ImageModel,
  PredictionRun,
  StartPredictionInput,
  StartPreviewInput,
  StartTrainingInput,
  TrainingRun,
} from "./image-model";

type LocalManifest = {
  triggerWord: string;
  faces: number;
  createdAt: string;
  /**
   * The best faces' landmarks as training found them (null: none found), so that a portrait does
   * not look for them again. Absent from models trained before it was kept: found at render then.
   */
  landmarks?: (Point[] | null)[];
};

/** How many of the best photos (training receives them best first) the portraits are made from. */
const BEST_FACES = 3;

const modelPrefix = (trainingId: string) => `image-models/${trainingId}`;
const faceKey = (trainingId: string, index: number) => `${modelPrefix(trainingId)}/face-${index}.webp`;
const manifestKey = (trainingId: string) => `${modelPrefix(trainingId)}/manifest.json`;

/**
 * The offline image model (the default). "Training" prepares the child's face crops from the
 * uploaded photos (handed over best first) and keeps them in our storage, with the best three's
 * landmarks; a portrait draws one of those three into the style's costumed child. Honest about what it is, needs no network, and
 * deterministic: the same model, style and seed always give the same bytes (the prediction id
 * carries them, so nothing else is stored).
 */
export function createLocalImageModel(deps: {
  storage: Storage;
  /** Face crops and renders run here (a thread pool), off the job loop's event loop. */
  imageWork: Pick<ImageWork, "cropFace" | "faceCropLandmarks" | "renderLocalPortrait">;
  /** Find the face in photos that have no face box from their upload check. */
  detectFaces: boolean;
  /** Training lasts at least this long, so a parent sees progress rather than a flash. */
  minTrainingMs: number;
  /** Where the drawn style art is kept (null: memory only). */
  artCacheDir: string | null;
}): ImageModel {
  async function readManifest(trainingId: string): Promise<LocalManifest | null> {
    if (!/^local-[0-9a-f-]{36}$/.test(trainingId)) return null;
    const bytes = await deps.storage.get(manifestKey(trainingId));
    return bytes ? (JSON.parse(bytes.toString("utf8")) as LocalManifest) : null;
  }

  async function renderPreview(predictionId: string): Promise<PredictionRun> {
    const request = decodePreview(predictionId);
    // Like portraits, previews draw on the best few photos only (they come best first).
    const index = request ? request.s % Math.min(request.k.length, BEST_FACES) : 0;
    const key = request?.k[index];
    const photo = key ? await deps.storage.get(key) : null;
    if (!request || !photo) {
      return { status: "failed", progress: null, output: null, error: "The preview's photo is gone." };
    }
    const face = await deps.imageWork.cropFace({
      photo: { bytes: photo, face: request.f[index] ?? null },
      detectFace: deps.detectFaces,
    });
    const { picture, face: drawnAt } = await deps.imageWork.renderLocalPortrait({
      face,
      styleId: request.st,
      seed: request.s,
      presentation: request.g ?? null,
      artCacheDir: deps.artCacheDir,
      findFace: deps.detectFaces,
    });
    return { status: "succeeded", progress: 100, output: picture, face: drawnAt, error: null };
  }

  return {
    name: "local",

    async startTraining(input: StartTrainingInput) {
      if (input.photos.length === 0) throw new Error("No photos to train on");
      const trainingId = `local-${randomUUID()}`;
      const started = Date.now();
      const landmarks: (Point[] | null)[] = [];
      for (const [index, photo] of input.photos.entries()) {
        const crop = await deps.imageWork.cropFace({ photo, detectFace: deps.detectFaces });
        await deps.storage.put(faceKey(trainingId, index), crop, "image/webp");
        if (deps.detectFaces && index < BEST_FACES) {
          landmarks.push(await deps.imageWork.faceCropLandmarks({ face: crop }));
        }
        const share = (index + 1) / input.photos.length;
        const due = started + share * deps.minTrainingMs;
        if (due > Date.now()) await sleep(due - Date.now());
        await input.onProgress?.(Math.round(share * 95));
      }
      const manifest: LocalManifest = {
        triggerWord: input.triggerWord,
        faces: input.photos.length,
        createdAt: new Date().toISOString(),
        ...(deps.detectFaces ? { landmarks } : {}),
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
      const request: LocalPrediction = {
        m: input.modelVersion,
        s: input.seed,
        st: input.styleId,
        g: input.gender,
      };
      return { predictionId: `local-${Buffer.from(JSON.stringify(request)).toString("base64url")}` };
    },

    async startPreview(input: StartPreviewInput) {
      if (input.photos.length === 0) throw new Error("A preview needs at least one photo");
      // The photos stay where they are: the id names them (and their face boxes), so nothing is kept
      // here and a photo deleted before the preview renders simply fails it.
      const request: LocalPreview = {
        k: input.photos.map((photo) => photo.storageKey),
        f: input.photos.map((photo) => photo.face ?? null),
        s: input.seed,
        st: input.styleId,
        g: input.gender,
      };
      return {
        predictionId: `${PREVIEW_PREFIX}${Buffer.from(JSON.stringify(request)).toString("base64url")}`,
      };
    },

    async getPrediction(predictionId: string): Promise<PredictionRun> {
      if (predictionId.startsWith(PREVIEW_PREFIX)) return renderPreview(predictionId);
      const request = decodePrediction(predictionId);
      const manifest = request ? await readManifest(request.m) : null;
      if (!request || !manifest) {
        return { status: "failed", progress: null, output: null, error: "Unknown prediction." };
      }
      // Training kept the photos best first: portraits draw on the best few, by seed.
      const index = request.s % Math.min(manifest.faces, BEST_FACES);
      const face = await deps.storage.get(faceKey(request.m, index));
      if (!face)
        return { status: "failed", progress: null, output: null, error: "The model's faces are gone." };
      const { picture, face: drawnAt } = await deps.imageWork.renderLocalPortrait({
        face,
        ...(manifest.landmarks ? { landmarks: manifest.landmarks[index] ?? null } : {}),
        styleId: request.st,
        seed: request.s,
        presentation: request.g ?? null,
        artCacheDir: deps.artCacheDir,
        findFace: deps.detectFaces,
      });
      return { status: "succeeded", progress: 100, output: picture, face: drawnAt, error: null };
    },

    // Local training finishes inside the job that starts it: a training id exists only once it is done.
    async cancelTraining() {},

    async deleteModel(modelVersion: string) {
      if (!/^local-[0-9a-f-]{36}$/.test(modelVersion)) return "nothing to delete";
      const files = await deps.storage.list(`${modelPrefix(modelVersion)}/`);
      await deps.storage.delete(files);
      return files.length > 0 ? `deleted (${files.length} files)` : "already gone";
    },

    predictionRetention: "nothing kept: portraits are rendered on our own servers",
  };
}

const PREVIEW_PREFIX = "local-preview-";
type FaceBox = { x: number; y: number; width: number; height: number };
/** A portrait's request, carried in its prediction id: model, seed, style, the child's gender. */
type LocalPrediction = { m: string; s: number; st: string; g?: ChildGender };
/** A preview's request: the photos' storage keys and face boxes, seed, style, gender. */
type LocalPreview = { k: string[]; f: (FaceBox | null)[]; s: number; st: string; g?: ChildGender };

/** Ids made before the gender was carried have none: the drawing then keeps the seed's hair. */
const validGender = (value: unknown) => value === undefined || value === "girl" || value === "boy";

function decodePreview(predictionId: string): LocalPreview | null {
  try {
    const parsed = JSON.parse(
      Buffer.from(predictionId.slice(PREVIEW_PREFIX.length), "base64url").toString("utf8"),
    );
    const valid =
      Array.isArray(parsed.k) &&
      parsed.k.length > 0 &&
      parsed.k.every((key: unknown) => typeof key === "string") &&
      Array.isArray(parsed.f) &&
      Number.isInteger(parsed.s) &&
      typeof parsed.st === "string" &&
      validGender(parsed.g);
    return valid ? parsed : null;
  } catch {
    return null;
  }
}

function decodePrediction(predictionId: string): LocalPrediction | null {
  if (!predictionId.startsWith("local-")) return null;
  try {
    const parsed = JSON.parse(Buffer.from(predictionId.slice(6), "base64url").toString("utf8"));
    return typeof parsed.m === "string" &&
      Number.isInteger(parsed.s) &&
      typeof parsed.st === "string" &&
      validGender(parsed.g)
      ? parsed
      : null;
  } catch {
    return null;
  }
}
