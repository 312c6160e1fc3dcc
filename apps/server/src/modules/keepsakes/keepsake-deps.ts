import type { StudioDeps } from "../studio/studio-deps";

/**
 * What the keepsakes use: the studio's database, storage, mail, queue and image-work pool, built
 * once in the composition root (a book is made from the studio's portraits, by the same workers).
 */
export type KeepsakeDeps = Pick<
  StudioDeps,
  "db" | "storage" | "mailer" | "boss" | "wakeWorker" | "imageWork" | "env"
>;
