import type { Database } from "../../db/client";
import type { FaceDetector } from "../../providers/face-detector/face-detector";
import type { Storage } from "../../providers/storage/storage";

export type PhotoLimits = { min: number; max: number; maxBytes: number };

export type PhotoDeps = {
  db: Database;
  storage: Storage;
  limits: PhotoLimits;
  /** null when FACE_DETECTION=off. */
  faceDetector: FaceDetector | null;
};

export const limitsForClient = (limits: PhotoLimits) => ({
  min: limits.min,
  max: limits.max,
  maxMegabytes: Math.round(limits.maxBytes / 1024 / 1024),
});
