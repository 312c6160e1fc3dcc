import { type GeneratedImage, studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { generatedImage } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { findFamilyPortrait, toGeneratedImage } from "../portrait-record";
import type { StudioDeps } from "../studio-deps";

/**
 * Marks a finished portrait as one of the family's favourites, or unmarks it. The family shares one
 * gallery, so one mark whoever set it; marking it again keeps the first time. Another family's
 * portrait is "not found", and one still being made (or failed) cannot be a favourite yet.
 */
export async function setFavourite(
  deps: Pick<StudioDeps, "db" | "storage">,
  options: { familyId: string; imageId: string; favourite: boolean },
): Promise<{ image: GeneratedImage }> {
  const row = await findFamilyPortrait(deps.db, options);
  if (row.status !== "succeeded") {
    throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
  }
  const [updated] = await deps.db
    .update(generatedImage)
    .set({ favouriteAt: options.favourite ? new Date() : null })
    .where(
      and(
        eq(generatedImage.id, row.id),
        options.favourite ? isNull(generatedImage.favouriteAt) : isNotNull(generatedImage.favouriteAt),
      ),
    )
    .returning();
  // Nothing to change (already so), or deleted meanwhile: read it again, which also answers 404 then.
  const current = updated ?? (await findFamilyPortrait(deps.db, options));
  return { image: toGeneratedImage(deps.storage, current) };
}
