import { and, count, eq, gt, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { generatedImage } from "../../../db/schema";

/** How the likeness checks of recently finished portraits ended. */
export type LikenessOutcomes = { passedFirst: number; passedSecond: number; unlike: number };

/**
 * The likeness checks of the portraits finished since `since`, across every instance (read from
 * the database, not counted in one process): passed at once, passed on the free second render, or
 * unlike twice and refunded. An operator tunes LIKENESS_THRESHOLD by these (decision 0028).
 */
export async function likenessOutcomesSince(db: Database, since: Date): Promise<LikenessOutcomes> {
  const rows = await db
    .select({
      likeness: generatedImage.likeness,
      retried: generatedImage.likenessRetried,
      portraits: count(),
    })
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.kind, "portrait"),
        isNotNull(generatedImage.likeness),
        gt(generatedImage.completedAt, since),
      ),
    )
    .groupBy(generatedImage.likeness, generatedImage.likenessRetried);
  const outcomes: LikenessOutcomes = { passedFirst: 0, passedSecond: 0, unlike: 0 };
  for (const row of rows) {
    if (row.likeness === "unlike") outcomes.unlike += row.portraits;
    else if (row.likeness === "passed")
      outcomes[row.retried ? "passedSecond" : "passedFirst"] += row.portraits;
  }
  return outcomes;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The metrics' view: the last 24 hours. */
export const likenessOutcomesOfLastDay = (db: Database) =>
  likenessOutcomesSince(db, new Date(Date.now() - DAY_MS));
