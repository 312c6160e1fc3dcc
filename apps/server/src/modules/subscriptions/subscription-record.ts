import { findPlanVariant, type Plan, type Subscription } from "@wonderkin/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { subscription } from "../../db/schema";

/*
 * Which plan a parent has now, read from the subscription record. Billing writes the record, but
 * add-ons, children and the studio read it too, and billing sells add-ons: this read lives below
 * all of them so none of those modules import each other both ways (decision 0046).
 */

export type SubscriptionRow = typeof subscription.$inferSelect;

/** Whether a subscription still gives its plan: active or cancelled, within its paid period. */
export function isUsable(row: SubscriptionRow, now: Date): boolean {
  if (row.status === "ended") return false;
  return row.currentPeriodEnd === null || row.currentPeriodEnd > now;
}

export function toSubscription(row: SubscriptionRow, now = new Date()): Subscription {
  const found = findPlanVariant(row.planId);
  if (!found) throw new Error(`Subscription ${row.id} names unknown plan ${row.planId}`);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    isActive: isUsable(row, now),
    planId: found.variant.planId,
    planName: found.plan.name,
    billingCycle: found.variant.billingCycle,
    status: row.status === "cancelled" ? "cancelled" : row.status === "ended" ? "ended" : "active",
    currentPeriodEnd: iso(row.currentPeriodEnd),
    nextGrantAt: iso(row.nextGrantAt),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    discountOfferedAt: iso(row.discountOfferedAt),
    discountAcceptedAt: iso(row.discountAcceptedAt),
    provider: row.provider === "stripe" ? "stripe" : "local",
    createdAt: row.createdAt.toISOString(),
  };
}

/** The parent's current subscription row (newest usable one), or null. */
export async function findCurrentSubscription(
  db: Database,
  options: { userId: string; now?: Date },
): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscription)
    .where(
      and(eq(subscription.userId, options.userId), inArray(subscription.status, ["active", "cancelled"])),
    )
    .orderBy(desc(subscription.createdAt));
  const now = options.now ?? new Date();
  return rows.find((row) => isUsable(row, now)) ?? null;
}

/** The plan the parent's current subscription gives (what it entitles to), or null without one. */
export async function currentPlan(
  db: Database,
  options: { userId: string; now?: Date },
): Promise<Plan | null> {
  const current = await findCurrentSubscription(db, options);
  return current ? (findPlanVariant(current.planId)?.plan ?? null) : null;
}
