import type PgBoss from "pg-boss";
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { ImageWork } from "../../image-work/image-work";
import type { Mailer } from "../../providers/mailer/mailer";
import type { Storage } from "../../providers/storage/storage";

/**
 * What the keepsakes use. The composition root hands them the studio's deps (a book is made from
 * the studio's portraits, by the same workers), which have all of this; declared here so the
 * keepsakes do not depend on the studio module, which depends on them (deleting a portrait).
 */
export type KeepsakeDeps = {
  db: Database;
  storage: Storage;
  mailer: Mailer;
  boss: PgBoss;
  /** Wakes a worker of this process for a queue a job was just sent to (absent: workers poll). */
  wakeWorker?: ((queueName: string) => void) | undefined;
  imageWork: ImageWork;
  env: Pick<
    Env,
    "publicUrl" | "APP_NAME" | "RENDER_CONCURRENCY" | "PHOTOS_MIN_PER_CHILD" | "YEARLY_UPDATE_MIN_DAYS"
  >;
};
