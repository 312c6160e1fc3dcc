import path from "node:path";
import type { Env } from "../../config/env";
import type { ImageWork } from "../../image-work/image-work";
import type { Storage } from "../storage/storage";
import type { ImageModel } from "./image-model";
import { createLocalImageModel } from "./local-image-model";
import { createReplicateImageModel } from "./replicate-image-model";

/** The image model the env asks for (the offline local model unless IMAGE_MODEL_PROVIDER=replicate). */
export function createImageModel(env: Env, deps: { storage: Storage; imageWork: ImageWork }): ImageModel {
  if (env.IMAGE_MODEL_PROVIDER === "replicate") {
    return createReplicateImageModel({
      apiToken: env.REPLICATE_API_TOKEN ?? "",
      apiUrl: env.REPLICATE_API_URL,
      webhookSecret: env.REPLICATE_WEBHOOK_SECRET ?? null,
      modelOwner: env.REPLICATE_MODEL_OWNER ?? "",
      trainerVersion: env.REPLICATE_TRAINER_VERSION ?? "",
      previewModel: env.REPLICATE_PREVIEW_MODEL,
    });
  }
  return createLocalImageModel({
    storage: deps.storage,
    imageWork: deps.imageWork,
    detectFaces: env.FACE_DETECTION === "on",
    minTrainingMs: env.LOCAL_TRAINING_SECONDS * 1000,
    artCacheDir: path.join(env.dataDir, "cache", "style-art"),
  });
}
