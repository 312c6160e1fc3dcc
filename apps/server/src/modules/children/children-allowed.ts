import type { Plan } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";
import { readAddOnBalance } from "../add-ons/change-add-on-units";
import { currentPlan } from "../subscriptions/subscription-record";

/** Without a plan, a family may still have the one child every plan allows. */
export const CHILDREN_WITHOUT_PLAN = 1;

/** Whether a plan sells the Extra child add-on (Oracle, decision 0051). */
export const sellsExtraChild = (plan: Plan | null): boolean =>
  plan?.addOns.some((addOn) => addOn.unit === "child") ?? false;

/**
 * The children one parent's plan makes room for: the plan's own, plus the Extra children they
 * bought while the plan is one that sells them. Bought children stay in the ledger when the plan
 * changes and count again on Oracle: they were paid for.
 */
async function allowedByPlanOf(db: Database, userId: string): Promise<number> {
  const plan = await currentPlan(db, { userId });
  if (!plan) return CHILDREN_WITHOUT_PLAN;
  const extra = sellsExtraChild(plan) ? await readAddOnBalance(db, { userId, unit: "child" }) : 0;
  return plan.entitlements.childrenAllowed + extra;
}

/**
 * How many children a family may have: the most that the plan (with its Extra children) of the
 * parent adding the child, or of any of the family's owners, makes room for (spec §9: a single
 * child on every plan, Oracle's Extra child on top; decision 0051). An admin without a plan adds to
 * a family its owner pays for. Only the family's children count against it, and a deleted child is
 * gone, so its place is free again.
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

/**
 * What the add-child page needs before the form: the family's limit, and whether the asking parent
 * may buy an Extra child now (their own usable plan sells it).
 */
export async function readChildLimit(
  db: Database,
  options: { userId: string; familyId: string },
): Promise<{ childrenAllowed: number; canBuyExtraChild: boolean }> {
  const [allowed, plan] = await Promise.all([
    childrenAllowed(db, options),
    currentPlan(db, { userId: options.userId }),
  ]);
  return { childrenAllowed: allowed, canBuyExtraChild: sellsExtraChild(plan) };
}
