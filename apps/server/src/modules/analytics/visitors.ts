import { randomUUID } from "node:crypto";
import type { Attribution } from "@wonderkin/contract";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsIdentify, analyticsVisitor } from "../../db/schema";

const VISITOR_ID = /^[0-9a-f-]{36}$/;

/** Do-Not-Track and Global Privacy Control: such a browser is not recorded at all. */
export function trackingRefused(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === "1" || headers["sec-gpc"] === "1";
}

export function isVisitorId(value: string | undefined | null): value is string {
  return Boolean(value && VISITOR_ID.test(value));
}

/**
 * Records a visit of a browser: a new visitor keeps how it first came (landing page, referrer, UTM),
 * a known one is marked seen again. A signed-in parent's browser is linked to them (first-party only:
 * nothing is sent anywhere by this).
 */
export async function recordVisit(
  db: Database,
  options: { visitorId: string | null; userId: string | null; landingPage: string; attribution: Attribution },
): Promise<{ visitorId: string }> {
  const now = new Date();
  if (isVisitorId(options.visitorId)) {
    const [known] = await db
      .update(analyticsVisitor)
      .set({ lastSeenAt: now })
      .where(eq(analyticsVisitor.id, options.visitorId))
      .returning({ id: analyticsVisitor.id });
    if (known) {
      if (options.userId) await linkVisitor(db, { visitorId: known.id, userId: options.userId });
      return { visitorId: known.id };
    }
  }
  const { attribution } = options;
  const visitorId = randomUUID();
  await db.insert(analyticsVisitor).values({
    id: visitorId,
    userId: options.userId,
    landingPage: options.landingPage.slice(0, 2000),
    referrer: attribution.referrer ?? null,
    utmSource: attribution.utm_source ?? null,
    utmMedium: attribution.utm_medium ?? null,
    utmCampaign: attribution.utm_campaign ?? null,
    utmTerm: attribution.utm_term ?? null,
    utmContent: attribution.utm_content ?? null,
  });
  return { visitorId };
}

/** Links a browser's visitor to a parent, unless it already belongs to someone. */
export async function linkVisitor(
  db: Database,
  options: { visitorId: string; userId: string },
): Promise<void> {
  await db
    .update(analyticsVisitor)
    .set({ userId: options.userId })
    .where(and(eq(analyticsVisitor.id, options.visitorId), isNull(analyticsVisitor.userId)));
}

const comparable = (attribution: Record<string, unknown>) =>
  JSON.stringify(
    Object.entries(attribution)
      .filter(([key, value]) => key !== "timestamp" && value !== undefined && value !== "")
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * The identify call (spec §7), for a verified parent only (the caller checks): the attribution is
 * stored once; sending the same again records nothing.
 */
export async function identifyParent(
  db: Database,
  options: { userId: string; visitorId: string | null; attribution: Attribution },
): Promise<{ recorded: boolean }> {
  const [latest] = await db
    .select({ attribution: analyticsIdentify.attribution })
    .from(analyticsIdentify)
    .where(eq(analyticsIdentify.userId, options.userId))
    .orderBy(desc(analyticsIdentify.id))
    .limit(1);
  if (latest && comparable(latest.attribution) === comparable(options.attribution))
    return { recorded: false };
  const visitorId = isVisitorId(options.visitorId) ? options.visitorId : null;
  await db.insert(analyticsIdentify).values({
    userId: options.userId,
    visitorId,
    attribution: options.attribution as Record<string, unknown>,
  });
  if (visitorId) await linkVisitor(db, { visitorId, userId: options.userId });
  return { recorded: true };
}
