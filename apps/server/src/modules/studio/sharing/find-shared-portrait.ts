import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { preparedStatement } from "../../../db/prepared-statement";
import { generatedImage, portraitShare } from "../../../db/schema";
import { isShareToken } from "./portrait-share-record";

// Anyone on the internet can ask: one indexed lookup by primary key, prepared once.
const sharedPortraitByToken = preparedStatement((db: Database) =>
  db
    .select({ storageKey: generatedImage.storageKey, caption: portraitShare.caption })
    .from(portraitShare)
    .innerJoin(generatedImage, eq(generatedImage.id, portraitShare.imageId))
    .where(
      and(
        eq(portraitShare.token, sql.placeholder("token")),
        isNull(portraitShare.revokedAt),
        gt(portraitShare.expiresAt, sql.placeholder("now")),
        eq(generatedImage.kind, "portrait"),
        eq(generatedImage.status, "succeeded"),
        isNotNull(generatedImage.storageKey),
      ),
    )
    .prepare("wonderkin_shared_portrait_by_token"),
);

/**
 * The storage key of the portrait a share address opens, with the parent's caption (if any), or
 * null when the address opens nothing:
 * malformed, unknown, expired, revoked, or its portrait deleted (the link went with it). The
 * caller answers all of these alike, so nobody learns which.
 */
export async function findSharedPortrait(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ storageKey: string; caption: string | null } | null> {
  if (!isShareToken(token)) return null;
  const [row] = await sharedPortraitByToken(db).execute({ token, now: now.toISOString() });
  return row?.storageKey ? { storageKey: row.storageKey, caption: row.caption } : null;
}
