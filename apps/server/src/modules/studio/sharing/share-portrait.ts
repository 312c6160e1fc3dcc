import {
  type PortraitShare,
  shareErrorCodes,
  shareMessages,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { portraitShare } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { findFamilyPortrait, isUnfinished } from "../portrait-record";
import type { StudioDeps } from "../studio-deps";
import { newShareToken, storedCaption, toPortraitShare } from "./portrait-share-record";

const DAY_MS = 86_400_000;

/**
 * "Copy link": the portrait's live share link, made now if it has none. A finished portrait of the
 * family only; never a preview (it carries the "Preview" mark and is not the child's own model's
 * work). A link past its expiry is retired (revoked) and a new address made, since at most one
 * unrevoked link per portrait may exist; two clicks at once still end with one link. A caption, when
 * given, is set on the live link (blank removes it): the page shows whatever it says now.
 */
export async function sharePortrait(
  deps: { db: Database; env: Pick<StudioDeps["env"], "publicUrl" | "SHARE_LINK_DAYS"> },
  options: { familyId: string; userId: string; imageId: string; caption?: string },
  now = new Date(),
): Promise<PortraitShare> {
  const image = await findFamilyPortrait(deps.db, options);
  if (isUnfinished(image)) {
    throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
  }
  if (image.kind !== "portrait") {
    throw new AppError(409, shareErrorCodes.notShareable, shareMessages.previewNotShareable);
  }
  if (image.status !== "succeeded" || !image.storageKey) {
    throw new AppError(409, shareErrorCodes.notShareable, shareMessages.failedNotShareable);
  }
  const live = and(eq(portraitShare.imageId, image.id), isNull(portraitShare.revokedAt));
  const caption = options.caption === undefined ? undefined : storedCaption(options.caption);
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(portraitShare).where(live);
    if (current && current.expiresAt > now) {
      if (caption === undefined || caption === current.caption) return current;
      const [captioned] = await tx
        .update(portraitShare)
        .set({ caption })
        .where(eq(portraitShare.token, current.token))
        .returning();
      return captioned;
    }
    if (current) {
      await tx
        .update(portraitShare)
        .set({ revokedAt: now })
        .where(and(eq(portraitShare.token, current.token), isNull(portraitShare.revokedAt)));
    }
    // A concurrent click may have made one meanwhile: the partial unique index keeps one, and
    // whichever was made is the link both clicks answer with.
    await tx
      .insert(portraitShare)
      .values({
        token: newShareToken(),
        imageId: image.id,
        organizationId: image.organizationId,
        createdByUserId: options.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.env.SHARE_LINK_DAYS * DAY_MS),
        caption: caption ?? null,
      })
      .onConflictDoNothing();
    const [made] = await tx.select().from(portraitShare).where(live);
    return made;
  });
  if (!row) throw new AppError(404, studioErrorCodes.imageNotFound, studioMessages.imageNotFound);
  return toPortraitShare(deps.env.publicUrl, row);
}
