import type { Env } from "../../config/env";
import { createTfjsFaceDetector } from "../face-detector/tfjs-face-detector";
import type { Storage } from "../storage/storage";
import type { ImageModel } from "./image-model";
import { createLocalImageModel } from "./local-image-model";
import { createReplicateImageModel } from "./replicate-image-model";

/** The image model the env asks for (the offline local model unless IMAGE_MODEL_PROVIDER=replicate). */
export function createImageModel(env: Env, deps: { storage: Storage }): ImageModel {
  if (env.IMAGE_MODEL_PROVIDER === "replicate") {
    return createReplicateImageModel({
      apiToken: env.REPLICATE_API_TOKEN ?? "",
      apiUrl: env.REPLICATE_API_URL,
      webhookSecret: env.REPLICATE_WEBHOOK_SECRET ?? null,
      modelOwner: env.REPLICATE_MODEL_OWNER ?? "",
      trainerVersion: env.REPLICATE_TRAINER_VERSION ?? "",
    });
  }
  return createLocalImageModel({
    storage: deps.storage,
    faceDetector: env.FACE_DETECTION === "on" ? createTfjsFaceDetector() : null,
    minTrainingMs: env.LOCAL_TRAINING_SECONDS * 1000,
  });
}
