import type { Database } from "../../db/client";
import type { FaceDetector } from "../../image-work/faces/face-detector";
import type { ImageWork } from "../../image-work/image-work";
import type { Storage } from "../../providers/storage/storage";
import type { SafetyScreen } from "../safety/safety-screen";

export type PhotoLimits = { min: number; max: number; maxBytes: number };

export type PhotoDeps = {
  db: Database;
  storage: Storage;
  limits: PhotoLimits;
  /** Photo checks run here (a thread pool), off the API's event loop. */
  imageWork: Pick<ImageWork, "preparePhoto" | "faceHashes" | "keepOnlyTheChild">;
  /** The child-safety screen every photo passes before anything of it is stored (decision 0038). */
  safety: SafetyScreen;
  /** null when FACE_DETECTION=off. */
  faceDetector: FaceDetector | null;
  /** Descriptor distance up to which two photos show the same person (FACE_MATCH_THRESHOLD). */
  faceMatchThreshold: number;
  /**
   * Runs in the transaction of the upload that brings a child to the photo minimum (the studio asks
   * for the child's instant previews there), so it happens exactly when that upload is stored.
   */
  onMinimumReached?: (tx: Database, options: { childId: number; userId: string }) => Promise<void>;
};

export const limitsForClient = (limits: PhotoLimits) => ({
  min: limits.min,
  max: limits.max,
  maxMegabytes: Math.round(limits.maxBytes / 1024 / 1024),
});
