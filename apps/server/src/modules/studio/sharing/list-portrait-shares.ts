import type { PortraitShare } from "@wonderkin/contract";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { preparedStatement } from "../../../db/prepared-statement";
import { generatedImage, portraitShare } from "../../../db/schema";
import { findFamilyChild } from "../../children/child-record";
import type { StudioDeps } from "../studio-deps";
import { toPortraitShare } from "./portrait-share-record";

// Read with the gallery on every studio visit: prepared once (the child's portraits by their index,
// each one's live link by the partial unique index).
const liveSharesOfChild = preparedStatement((db: Database) =>
  db
    .select({ share: portraitShare })
    .from(portraitShare)
    .innerJoin(generatedImage, eq(generatedImage.id, portraitShare.imageId))
    .where(
      and(
        eq(generatedImage.childId, sql.placeholder("childId")),
        eq(portraitShare.organizationId, sql.placeholder("familyId")),
        isNull(portraitShare.revokedAt),
        gt(portraitShare.expiresAt, sql.placeholder("now")),
      ),
    )
    .orderBy(asc(portraitShare.createdAt))
    .prepare("wonderkin_live_portrait_shares"),
);

/** The child's portraits that have a working share link now, for the gallery's marks. */
export async function listPortraitShares(
  deps: { db: Database; env: Pick<StudioDeps["env"], "publicUrl"> },
  options: { familyId: string; childId: number },
  now = new Date(),
): Promise<PortraitShare[]> {
  const found = await findFamilyChild(deps.db, options);
  const rows = await liveSharesOfChild(deps.db).execute({
    childId: found.id,
    familyId: options.familyId,
    now: now.toISOString(),
  });
  return rows.map((row) => toPortraitShare(deps.env.publicUrl, row.share));
}
