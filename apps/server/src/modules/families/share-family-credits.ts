import type { FamilySpending } from "@wonderkin/contract";
import { familySpending } from "../../db/schema";
import type { FamilyActor } from "./family-actor";
import type { FamilyDeps } from "./family-deps";
import { readFamilySpending } from "./read-family-spending";

/**
 * The owner shares the family plan's credits with the family's members, or stops (decision 0050).
 * The endpoint lets only owners call it (`credits:share`); the change applies to the next spend.
 */
export async function shareFamilyCredits(
  deps: Pick<FamilyDeps, "db">,
  actor: FamilyActor,
  options: { membersMaySpend: boolean },
): Promise<FamilySpending> {
  const { familyId } = actor.membership;
  const values = {
    membersMaySpend: options.membersMaySpend,
    changedByUserId: actor.userId,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(familySpending)
    .values({ organizationId: familyId, ...values })
    .onConflictDoUpdate({ target: familySpending.organizationId, set: values });
  return readFamilySpending(deps.db, { familyId, userId: actor.userId });
}
