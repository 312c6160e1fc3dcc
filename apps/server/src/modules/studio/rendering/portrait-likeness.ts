import { eq } from "drizzle-orm";
import { child } from "../../../db/schema";
import type { PredictionRun } from "../../../providers/image-model/image-model";
import { bytesToDescriptor, childIdentity, faceDistance } from "../../photos/face-identity";
import { describedPhotos, loadPhotoSet } from "../../photos/photo-set";
import type { StudioDeps } from "../studio-deps";

export type LikenessVerdict = {
  /** The distance of the portrait's most child-like face to the child's reference; null: no face. */
  distance: number | null;
  passed: boolean;
};

/**
 * Compares a finished portrait with the child's reference face (fixed when training started, else
 * the most typical face of the photos so far): the portrait's faces are found and each described
 * from its own region, off the event loop (describe-portrait-faces.ts), and the closest one decides. No
 * face at all fails too. Null when no check can run: face checks off, or no described photo (a
 * child trained before reference faces existed).
 */
export async function checkLikeness(
  deps: Pick<StudioDeps, "db" | "faceDetector" | "imageWork" | "env">,
  portrait: {
    childId: number;
    output: Uint8Array;
    /** Where the model says it drew the face (the local model does): looked at first, never trusted alone. */
    face?: PredictionRun["face"];
  },
): Promise<LikenessVerdict | null> {
  if (!deps.faceDetector) return null;
  const [owner] = await deps.db
    .select({ reference: child.referenceDescriptor })
    .from(child)
    .where(eq(child.id, portrait.childId));
  // Before training fixes it (an instant preview), the reference is the photo set's own.
  const reference = owner?.reference
    ? bytesToDescriptor(owner.reference)
    : childIdentity(
        describedPhotos(await loadPhotoSet(deps.db, portrait.childId)),
        deps.env.FACE_MATCH_THRESHOLD,
      ).reference;
  if (!reference) return null;
  // Once a face like the child's is found, the check need not look further.
  const faces = await deps.imageWork.describePortraitFaces({
    bytes: portrait.output,
    lookingFor: {
      descriptor: Array.from(reference),
      within: deps.env.LIKENESS_THRESHOLD,
      at: portrait.face ?? null,
    },
  });
  const distances = faces.map((face) => faceDistance(reference, face.descriptor));
  const distance = distances.length > 0 ? Math.min(...distances) : null;
  return { distance, passed: distance !== null && distance <= deps.env.LIKENESS_THRESHOLD };
}
