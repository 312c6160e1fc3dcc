import { and, count, eq, isNull, ne } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database } from "../../../db/client";
import { generatedImage } from "../../../db/schema";
import { sendJobInTransaction } from "../../../jobs/send-in-transaction";
import { renderPortraitJob } from "../studio-job-specs";

/** How far a regeneration or a child's first portraits jump ahead of every family's backlog. */
export const PRIORITY_BOOST = 1;

/**
 * The render-job priorities (higher first) of `count` new portraits of one family: each family's
 * k-th waiting portrait gets −k, so the queue serves families round-robin — a family asking for
 * one portrait never waits behind another family's batch of a hundred, only behind the portraits
 * of the same rank. A regeneration and a child's first portraits get a boost on top: they are what
 * a parent is looking at right now.
 */
export async function queuePriorities(
  tx: Database,
  options: { familyId: string; childId: number; count: number; regeneration: boolean },
): Promise<number[]> {
  const [waiting] = await tx
    .select({ portraits: count() })
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.organizationId, options.familyId),
        eq(generatedImage.status, "pending"),
        isNull(generatedImage.startedAt),
      ),
    );
  const [made] = await tx
    .select({ portraits: count() })
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.childId, options.childId),
        eq(generatedImage.kind, "portrait"),
        ne(generatedImage.status, "failed"),
      ),
    );
  const boost = options.regeneration || (made?.portraits ?? 0) === 0 ? PRIORITY_BOOST : 0;
  const ahead = waiting?.portraits ?? 0;
  return Array.from({ length: options.count }, (_, index) => boost - ahead - index);
}

/** Queues the render job of each new portrait at its priority, in the transaction that wrote it. */
export async function queueRenders(
  tx: Database,
  deps: { boss: PgBoss },
  rows: { id: string; queuePriority: number }[],
): Promise<void> {
  for (const row of rows) {
    await sendJobInTransaction(
      tx,
      deps.boss,
      renderPortraitJob,
      { imageId: row.id },
      { priority: row.queuePriority },
    );
  }
}
