import type PgBoss from "pg-boss";
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { FaceDetector } from "../../image-work/faces/face-detector";
import type { ImageWork } from "../../image-work/image-work";
import type { ImageModel } from "../../providers/image-model/image-model";
import type { Mailer } from "../../providers/mailer/mailer";
import type { Storage } from "../../providers/storage/storage";
import type { SafetyScreen } from "../safety/safety-screen";

/** What the studio's domain functions use; the HTTP routes and the worker build it the same way. */
export type StudioDeps = {
  db: Database;
  storage: Storage;
  mailer: Mailer;
  imageModel: ImageModel;
  /** Sends the studio's background jobs. */
  boss: PgBoss;
  /** Wakes a worker of this process for a queue a job was just sent to (absent: workers poll). */
  wakeWorker?: ((queueName: string) => void) | undefined;
  /** CPU-bound image work (portrait and print files) off the event loop. */
  imageWork: ImageWork;
  /** Screens every preview and portrait before it is stored or shown (decision 0038). */
  safety: SafetyScreen;
  /** Checks each finished portrait against the child's face; null when FACE_DETECTION=off. */
  faceDetector: FaceDetector | null;
  env: Pick<
    Env,
    | "publicUrl"
    | "APP_NAME"
    | "PHOTOS_MIN_PER_CHILD"
    | "YEARLY_UPDATE_MIN_DAYS"
    | "RENDER_CONCURRENCY"
    | "TRAINING_CONCURRENCY"
    | "FACE_MATCH_THRESHOLD"
    | "LIKENESS_THRESHOLD"
    | "PREVIEW_PORTRAITS"
    | "PREVIEW_STYLES"
    | "PREVIEW_SETS_PER_FAMILY_MONTH"
    | "SHARE_LINK_DAYS"
  >;
};

/** Where the provider posts results, when it sends webhooks at all (the local model does not). */
export function webhookUrlFor(deps: Pick<StudioDeps, "imageModel" | "env">): string | null {
  return deps.imageModel.verifyWebhook ? `${deps.env.publicUrl}/api/webhooks/${deps.imageModel.name}` : null;
}
