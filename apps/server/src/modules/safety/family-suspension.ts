import { studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { familySuspension, organization, safetyAudit } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** Whether an operator stopped this family from generating (decision 0038). */
export async function isFamilySuspended(db: Database, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ familyId: familySuspension.organizationId })
    .from(familySuspension)
    .where(eq(familySuspension.organizationId, familyId));
  return row !== undefined;
}

/** Refuses anything that makes new pictures (portraits, previews, regenerations) for a suspended family. */
export async function requireFamilyNotSuspended(db: Database, familyId: string): Promise<void> {
  if (await isFamilySuspended(db, familyId)) {
    throw new AppError(403, studioErrorCodes.familySuspended, studioMessages.familySuspended);
  }
}

/**
 * Suspends or lifts a family's suspension, with the operator's reason in the audit log, in one
 * transaction. Answers false when there is no such family.
 */
export async function setFamilySuspended(
  db: Database,
  options: { familyId: string; suspended: boolean; operator: string; reason: string; holdId?: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [family] = await tx
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, options.familyId));
    if (!family) return false;
    if (options.suspended) {
      await tx
        .insert(familySuspension)
        .values({ organizationId: family.id, reason: options.reason, suspendedBy: options.operator })
        .onConflictDoNothing();
    } else {
      await tx.delete(familySuspension).where(eq(familySuspension.organizationId, family.id));
    }
    await tx.insert(safetyAudit).values({
      actor: options.operator,
      action: options.suspended ? "suspend-family" : "unsuspend-family",
      holdId: options.holdId ?? null,
      organizationId: family.id,
      reason: options.reason,
    });
    return true;
  });
}
