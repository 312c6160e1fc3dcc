import { and, asc, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsEvent, analyticsIdentify, analyticsProfile } from "../../db/schema";
import type { AnalyticsForwarder, ForwardedEvent } from "../../providers/analytics/forwarder";

const BATCH = 200;

/**
 * Passes first-party analytics on to the forwarder (an outbox: rows not yet forwarded are sent,
 * then marked). Events become events, identify calls `$identify` with the attribution as person
 * properties, profiles `$set`. A failed send leaves the rows for the next run.
 */
export async function forwardAnalytics(db: Database, forwarder: AnalyticsForwarder): Promise<number> {
  const events = await db
    .select()
    .from(analyticsEvent)
    .where(and(isNull(analyticsEvent.forwardedAt), isNotNull(analyticsEvent.userId)))
    .orderBy(asc(analyticsEvent.id))
    .limit(BATCH);
  const identifies = await db
    .select()
    .from(analyticsIdentify)
    .where(isNull(analyticsIdentify.forwardedAt))
    .orderBy(asc(analyticsIdentify.id))
    .limit(BATCH);
  const profiles = await db
    .select()
    .from(analyticsProfile)
    .where(isNull(analyticsProfile.forwardedAt))
    .limit(BATCH);

  const batch: ForwardedEvent[] = [
    ...identifies.map((row) => ({
      distinctId: row.userId,
      event: "$identify",
      properties: { $set: row.attribution, ...(row.visitorId ? { $anon_distinct_id: row.visitorId } : {}) },
      timestamp: row.createdAt,
    })),
    ...profiles.map((row) => ({
      distinctId: row.userId,
      event: "$set",
      properties: { $set: row.data },
      timestamp: row.updatedAt,
    })),
    ...events.map((row) => ({
      distinctId: row.userId ?? "",
      event: row.name,
      properties: row.properties,
      timestamp: row.createdAt,
    })),
  ];
  if (batch.length === 0) return 0;
  await forwarder.send(batch);
  const now = new Date();
  if (events.length > 0) {
    await db
      .update(analyticsEvent)
      .set({ forwardedAt: now })
      .where(
        inArray(
          analyticsEvent.id,
          events.map((row) => row.id),
        ),
      );
  }
  if (identifies.length > 0) {
    await db
      .update(analyticsIdentify)
      .set({ forwardedAt: now })
      .where(
        inArray(
          analyticsIdentify.id,
          identifies.map((row) => row.id),
        ),
      );
  }
  if (profiles.length > 0) {
    await db
      .update(analyticsProfile)
      .set({ forwardedAt: now })
      .where(
        inArray(
          analyticsProfile.userId,
          profiles.map((row) => row.userId),
        ),
      );
  }
  return batch.length;
}
