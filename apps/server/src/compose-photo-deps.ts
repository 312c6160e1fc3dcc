import type PgBoss from "pg-boss";
import type { Env } from "./config/env";
import type { Database } from "./db/client";
import type { ImageWork } from "./image-work/image-work";
import type { PhotoDeps } from "./modules/photos/photo-deps";
import type { SafetyScreen } from "./modules/safety/safety-screen";
import { requestPreviews } from "./modules/studio/previews";
import type { FaceDetector } from "./providers/face-detector/face-detector";
import type { Storage } from "./providers/storage/storage";

/**
 * The photo pipeline's deps, the same for the HTTP app (uploads) and the worker (a photo an
 * operator released from the safety screen): limits from the env, and the studio's preview request
 * on the upload that reaches the minimum (photos never imports the studio, so it is wired here).
 */
export function composePhotoDeps(
  env: Pick<
    Env,
    "PHOTOS_MIN_PER_CHILD" | "PHOTOS_MAX_PER_CHILD" | "PHOTO_MAX_MEGABYTES" | "FACE_MATCH_THRESHOLD"
  >,
  deps: {
    db: Database;
    storage: Storage;
    imageWork: ImageWork;
    faceDetector: FaceDetector | null;
    safety: SafetyScreen;
    boss: PgBoss;
  },
): PhotoDeps {
  return {
    db: deps.db,
    storage: deps.storage,
    limits: {
      min: env.PHOTOS_MIN_PER_CHILD,
      max: env.PHOTOS_MAX_PER_CHILD,
      maxBytes: env.PHOTO_MAX_MEGABYTES * 1024 * 1024,
    },
    imageWork: deps.imageWork,
    faceDetector: deps.faceDetector,
    safety: deps.safety,
    faceMatchThreshold: env.FACE_MATCH_THRESHOLD,
    onMinimumReached: (tx, options) => requestPreviews(tx, { boss: deps.boss }, options),
  };
}
