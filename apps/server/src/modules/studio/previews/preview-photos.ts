import { eq } from "drizzle-orm";
import { child } from "../../../db/schema";
import type { PreviewPhoto } from "../../../providers/image-model/image-model";
import { currentAge } from "../../children/child-record";
import { photosBestFirst } from "../../photos/photo-set";
import type { StudioDeps } from "../studio-deps";
import { PREVIEW_REFERENCE_PHOTOS } from "./previews";

/**
 * The few best photos of the child a preview is made from, best first; empty when none are readable.
 * Each is read now (a photo deleted since is left out); its reference copy is made only if the model asks.
 */
export async function previewPhotos(deps: StudioDeps, childId: number): Promise<PreviewPhoto[]> {
  const [kid] = await deps.db.select().from(child).where(eq(child.id, childId));
  if (!kid) return [];
  const best = await photosBestFirst(deps.db, {
    childId,
    childAge: currentAge(kid),
    threshold: deps.env.FACE_MATCH_THRESHOLD,
  });
  const photos = await Promise.all(
    best.slice(0, PREVIEW_REFERENCE_PHOTOS).map(async (row): Promise<PreviewPhoto | null> => {
      const stored = await deps.storage.get(row.storageKey);
      if (!stored) return null;
      return {
        storageKey: row.storageKey,
        face: null,
        referenceCopy: () => deps.imageWork.referenceCopy({ photo: stored }),
      };
    }),
  );
  return photos.filter((photo) => photo !== null);
}
