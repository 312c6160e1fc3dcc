import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";
import { currentPlan } from "../subscriptions/subscription-record";

/** Without a plan, a family may still have the one child every plan allows. */
export const CHILDREN_WITHOUT_PLAN = 1;

async function allowedByPlanOf(db: Database, userId: string): Promise<number> {
  const plan = await currentPlan(db, { userId });
  return plan?.entitlements.childrenAllowed ?? CHILDREN_WITHOUT_PLAN;
}

/**
 * How many children a family may have: the most that the plan of the parent adding the child, or of
 * any of the family's owners, unlocks (spec §9: a single child on every plan; Oracle's extra child is
 * coming soon). An admin without a plan adds to a family its owner pays for.
 */
export async function childrenAllowed(
  db: Database,
  options: { userId: string; familyId: string },
): Promise<number> {
  const owners = await db
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, options.familyId), eq(member.role, "owner")));
  const userIds = new Set([options.userId, ...owners.map((owner) => owner.userId)]);
  const allowed = await Promise.all([...userIds].map((userId) => allowedByPlanOf(db, userId)));
  return Math.max(CHILDREN_WITHOUT_PLAN, ...allowed);
}
