import type { Database } from "../../db/client";
import type { AppError } from "../../lib/app-error";
import type { Storage } from "../../providers/storage/storage";
import { holdPicture } from "./hold-picture";
import { type SafetyScreen, screenPicture } from "./safety-screen";

/**
 * Screens an upload before anything of it is stored: a picture that fails is held (hash and scores;
 * the picture only with a review window) and the upload refused with `refusal`, a kind message
 * that does not accuse.
 */
export async function screenUpload(
  deps: { db: Database; storage: Storage; safety: SafetyScreen },
  upload: {
    subject: "photo" | "family_picture";
    bytes: Buffer;
    familyId: string;
    childId: number | null;
    userId: string;
  },
  refusal: () => AppError,
): Promise<void> {
  const verdict = await screenPicture(deps.safety, upload);
  if (verdict.passed) return;
  await holdPicture(deps, {
    subject: upload.subject,
    reason: "classifier",
    familyId: upload.familyId,
    childId: upload.childId,
    userId: upload.userId,
    sha256: verdict.sha256,
    scores: verdict.scores,
    bytes: upload.bytes,
  });
  throw refusal();
}
