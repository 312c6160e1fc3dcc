import { type FamilyRole, isFamilyRole } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";

export type FamilyMembership = { familyId: string; memberId: string; role: FamilyRole };

/** A parent's membership of one family, or null: the only question every family request asks first. */
export async function findMembership(
  db: Database,
  options: { userId: string; familyId: string },
): Promise<FamilyMembership | null> {
  const [row] = await db
    .select({ memberId: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.userId, options.userId), eq(member.organizationId, options.familyId)));
  if (!row || !isFamilyRole(row.role)) return null;
  return { familyId: options.familyId, memberId: row.memberId, role: row.role };
}
