import type { GeneratedImage } from "@wonderkin/contract";
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { generatedImage } from "../../../db/schema";
import type { Storage } from "../../../providers/storage/storage";
import { isUnfinished, type PortraitRow, toGeneratedImage } from "../portrait-record";

/** Renders measured for the estimate: recent enough to follow the load, enough to be steady. */
const MEASURED_RENDERS = 30;

export type QueueWait = Pick<GeneratedImage, "queuePosition" | "estimatedSeconds">;

const waitingRow = and(eq(generatedImage.status, "pending"), isNull(generatedImage.startedAt));

/** Waiting portraits that pg-boss will hand out before this one (priority desc, then oldest first). */
async function portraitsAhead(db: Database, row: PortraitRow): Promise<number> {
  const [ahead] = await db
    .select({ portraits: count() })
    .from(generatedImage)
    .where(
      and(
        waitingRow,
        or(
          gt(generatedImage.queuePriority, row.queuePriority),
          and(
            eq(generatedImage.queuePriority, row.queuePriority),
            lt(generatedImage.createdAt, row.createdAt),
          ),
        ),
      ),
    );
  return ahead?.portraits ?? 0;
}

/**
 * What the studio has measured: the mean time a render took (start to stored) over the latest
 * renders, and how many run at once right now (every worker's slots in use). Null before anything
 * was ever rendered: then there is no honest number to give.
 */
async function measuredRendering(db: Database): Promise<{ seconds: number; parallel: number } | null> {
  const recent = db
    .select({ startedAt: generatedImage.startedAt, completedAt: generatedImage.completedAt })
    .from(generatedImage)
    .where(and(eq(generatedImage.status, "succeeded"), isNotNull(generatedImage.startedAt)))
    .orderBy(desc(generatedImage.createdAt))
    .limit(MEASURED_RENDERS)
    .as("recent");
  const [measured] = await db
    .select({
      seconds: sql<
        number | null
      >`avg(extract(epoch from ${recent.completedAt} - ${recent.startedAt}))::float8`,
    })
    .from(recent);
  if (measured?.seconds == null) return null;
  const [busy] = await db
    .select({ portraits: count() })
    .from(generatedImage)
    .where(eq(generatedImage.status, "processing"));
  return { seconds: Math.max(0.1, Number(measured.seconds)), parallel: Math.max(1, busy?.portraits ?? 0) };
}

/**
 * Where each unfinished portrait stands: its place in the queue and about how long until it is
 * ready. Renders run `parallel` at a time, so a portrait with `n` ahead waits ⌊n / parallel⌋ rounds.
 */
export async function queueWaits(db: Database, rows: PortraitRow[]): Promise<Map<string, QueueWait>> {
  const waits = new Map<string, QueueWait>();
  const unfinished = rows.filter(isUnfinished);
  if (unfinished.length === 0) return waits;
  const rendering = await measuredRendering(db);
  const now = Date.now();
  for (const row of unfinished) {
    if (row.status === "pending" && !row.startedAt) {
      const ahead = await portraitsAhead(db, row);
      const seconds = rendering
        ? Math.ceil(rendering.seconds * (Math.floor(ahead / rendering.parallel) + 1))
        : null;
      waits.set(row.id, { queuePosition: ahead, estimatedSeconds: seconds });
    } else {
      const elapsed = row.startedAt ? (now - row.startedAt.getTime()) / 1000 : 0;
      const seconds = rendering ? Math.max(1, Math.ceil(rendering.seconds - elapsed)) : null;
      waits.set(row.id, { queuePosition: null, estimatedSeconds: seconds });
    }
  }
  return waits;
}

/** The API's view of portraits, with their place in the queue while they wait. */
export async function toGeneratedImages(
  deps: { db: Database; storage: Storage },
  rows: PortraitRow[],
): Promise<GeneratedImage[]> {
  const waits = await queueWaits(deps.db, rows);
  return rows.map((row) => toGeneratedImage(deps.storage, row, waits.get(row.id)));
}
