import type { FamilySpending } from "@wonderkin/contract";

/**
 * The balance the header shows: the parent's own credits, except where the family's shared credits
 * pay for what they create here (a member of a family whose owner shares them, decision 0050): then
 * the family's, which is what "Create" will take.
 */
export function headerBalance(
  ownCredits: number,
  spending: Pick<FamilySpending, "payer" | "heldByYou" | "credits"> | undefined,
): { credits: number; family: boolean } {
  if (spending?.payer === "family" && !spending.heldByYou && spending.credits !== null) {
    return { credits: spending.credits, family: true };
  }
  return { credits: ownCredits, family: false };
}
