import { findPlanVariant, type Plan, type PlanId } from "@wonderkin/contract";
import type { Database } from "../../db/client";
import { type FamilyPlanHolder, findFamilyPlanHolder } from "./family-plan-holder";
import { readMembersMaySpend } from "./members-may-spend";
import { findCurrentSubscription } from "./subscription-record";

/** Who pays for what a parent makes in a family: whose credits or units, under which plan. */
export type Payer = { userId: string; via: "you" | "family"; plan: Plan; planId: PlanId };

export type Spending = {
  holder: FamilyPlanHolder | null;
  membersMaySpend: boolean;
  payer: Payer | null;
  /** Why nothing pays: the owner keeps the family's credits to themselves, or nobody has a plan. */
  blocked: "ask-owner" | "plan-required" | null;
};

/**
 * The spending rule of decision 0050, in one place. The holder of the family's plan pays for
 * themselves; anyone else in the family spends the family's credits when the owner shares them,
 * otherwise their own plan's; with neither, nothing pays. Looking never depends on this: every
 * member sees the family's children and portraits whatever it says.
 */
export async function resolveSpending(
  db: Database,
  options: { familyId: string; userId: string; now?: Date },
): Promise<Spending> {
  const holder = await findFamilyPlanHolder(db, options);
  const membersMaySpend = await readMembersMaySpend(db, options);
  let payer: Payer | null = null;
  if (holder && (holder.userId === options.userId || membersMaySpend)) {
    const via = holder.userId === options.userId ? "you" : "family";
    payer = { userId: holder.userId, via, plan: holder.plan, planId: holder.planId };
  } else {
    const own = await findCurrentSubscription(db, options);
    const found = own ? findPlanVariant(own.planId) : null;
    if (found) payer = { userId: options.userId, via: "you", plan: found.plan, planId: found.variant.planId };
  }
  const blocked = payer ? null : holder ? "ask-owner" : "plan-required";
  return { holder, membersMaySpend, payer, blocked };
}
