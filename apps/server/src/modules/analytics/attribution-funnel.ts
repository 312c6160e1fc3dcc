import type { FunnelRow } from "@wonderkin/contract";
import { and, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsVisitor, child, member, payment, user } from "../../db/schema";

const share = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;

/**
 * Visitors → sign-ups → verified → child trained → paid, by the source, medium and campaign the
 * visitor first came with. A parent counts once per row, through the visitors linked to them.
 */
export async function attributionFunnel(db: Database, options: { since?: Date } = {}): Promise<FunnelRow[]> {
  const visitors = await db
    .select({
      userId: analyticsVisitor.userId,
      source: analyticsVisitor.utmSource,
      medium: analyticsVisitor.utmMedium,
      campaign: analyticsVisitor.utmCampaign,
    })
    .from(analyticsVisitor)
    .where(options.since ? gte(analyticsVisitor.firstSeenAt, options.since) : undefined);
  const userIds = [...new Set(visitors.flatMap((visitor) => (visitor.userId ? [visitor.userId] : [])))];
  const verified = new Set<string>();
  const trained = new Set<string>();
  const paid = new Set<string>();
  if (userIds.length > 0) {
    for (const row of await db
      .select({ id: user.id })
      .from(user)
      .where(and(inArray(user.id, userIds), eq(user.emailVerified, true)))) {
      verified.add(row.id);
    }
    for (const row of await db
      .select({ userId: member.userId })
      .from(member)
      .innerJoin(child, eq(child.organizationId, member.organizationId))
      .where(and(inArray(member.userId, userIds), eq(child.trainingStatus, "completed")))) {
      trained.add(row.userId);
    }
    for (const row of await db
      .select({ userId: payment.userId })
      .from(payment)
      .where(and(inArray(payment.userId, userIds), isNotNull(payment.id)))) {
      if (row.userId) paid.add(row.userId);
    }
  }

  const rows = new Map<string, { key: [string, string, string]; visitors: number; users: Set<string> }>();
  for (const visitor of visitors) {
    const key: [string, string, string] = [
      visitor.source || "(direct)",
      visitor.medium || "(none)",
      visitor.campaign || "(none)",
    ];
    const id = key.join("\u0000");
    const row = rows.get(id) ?? { key, visitors: 0, users: new Set<string>() };
    row.visitors++;
    if (visitor.userId) row.users.add(visitor.userId);
    rows.set(id, row);
  }
  return [...rows.values()]
    .map(({ key: [source, medium, campaign], visitors: count, users }) => {
      const members = [...users];
      const signups = members.length;
      const verifiedCount = members.filter((id) => verified.has(id)).length;
      const trainedCount = members.filter((id) => verified.has(id) && trained.has(id)).length;
      const paidCount = members.filter((id) => paid.has(id)).length;
      return {
        source,
        medium,
        campaign,
        visitors: count,
        signups,
        verified: verifiedCount,
        childTrained: trainedCount,
        paid: paidCount,
        rates: {
          signup: share(signups, count),
          verified: share(verifiedCount, signups),
          childTrained: share(trainedCount, verifiedCount),
          // Parents pay before they add a child here, so paying is measured against the verified.
          paid: share(paidCount, verifiedCount),
        },
      };
    })
    .sort((a, b) => b.visitors - a.visitors || a.source.localeCompare(b.source));
}
