import type { FamilySpending } from "@wonderkin/contract";
import type { Database } from "../../db/client";
import { readCredits } from "../credits/change-credits";
import { resolveSpending } from "../subscriptions/resolve-spending";

/**
 * What the app shows a parent about paying in a family (decision 0050): whether the family has a
 * plan (so they may look), whether its owner shares its credits, and which balance their portraits,
 * prints and clips take. The family's balance is shown only to those it pays for.
 */
export async function readFamilySpending(
  db: Database,
  options: { familyId: string; userId: string },
): Promise<FamilySpending> {
  const spending = await resolveSpending(db, options);
  const { holder, payer } = spending;
  return {
    familyPlan: {
      active: holder !== null,
      planId: holder?.planId ?? null,
      planName: holder?.plan.name ?? null,
    },
    heldByYou: holder?.userId === options.userId,
    membersMaySpend: spending.membersMaySpend,
    payer: payer?.via ?? null,
    payingPlanId: payer?.planId ?? null,
    credits: payer ? await readCredits(db, { userId: payer.userId }) : null,
    blocked: spending.blocked,
  };
}
