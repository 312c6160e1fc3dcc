import { findPlanVariant, type Plan, type PlanId } from "@wonderkin/contract";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member, subscription } from "../../db/schema";
import { isUsable, type SubscriptionRow } from "./subscription-record";

export type FamilyPlanHolder = { userId: string; subscription: SubscriptionRow; plan: Plan; planId: PlanId };

/**
 * The family's plan: the usable subscription of one of its owners (decision 0050), the owner who
 * joined first when several hold one, their newest usable subscription. Plans belong to parents,
 * so a family has a plan exactly when an owner has one; null otherwise.
 */
export async function findFamilyPlanHolder(
  db: Database,
  options: { familyId: string; now?: Date },
): Promise<FamilyPlanHolder | null> {
  const rows = await db
    .select({ subscription })
    .from(member)
    .innerJoin(subscription, eq(subscription.userId, member.userId))
    .where(
      and(
        eq(member.organizationId, options.familyId),
        eq(member.role, "owner"),
        inArray(subscription.status, ["active", "cancelled"]),
      ),
    )
    .orderBy(asc(member.createdAt), desc(subscription.createdAt));
  const now = options.now ?? new Date();
  for (const row of rows) {
    const found = isUsable(row.subscription, now) ? findPlanVariant(row.subscription.planId) : null;
    if (found) {
      const { plan, variant } = found;
      return {
        userId: row.subscription.userId,
        subscription: row.subscription,
        plan,
        planId: variant.planId,
      };
    }
  }
  return null;
}
