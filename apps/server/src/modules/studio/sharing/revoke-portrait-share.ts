import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { portraitShare } from "../../../db/schema";
import { findFamilyPortrait } from "../portrait-record";

/**
 * "Stop sharing": the portrait's live link ends now, for everyone who has the address. The row
 * stays (with `revokedAt`) until the portrait goes, so the family's data export can list it.
 * Returns whether a link was live; stopping twice is no error.
 */
export async function revokePortraitShare(
  db: Database,
  options: { familyId: string; imageId: string },
  now = new Date(),
): Promise<boolean> {
  const image = await findFamilyPortrait(db, options);
  const ended = await db
    .update(portraitShare)
    .set({ revokedAt: now })
    .where(
      and(
        eq(portraitShare.imageId, image.id),
        eq(portraitShare.organizationId, options.familyId),
        isNull(portraitShare.revokedAt),
      ),
    )
    .returning({ token: portraitShare.token });
  return ended.length > 0;
}
