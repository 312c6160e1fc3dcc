import { familyErrorCodes, familyMessages } from "@wonderkin/contract";
import { and, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { FamilyMembership } from "./family-membership";

/**
 * Who acts, for which family, in which role: resolved once per request by the HTTP layer.
 * `headers` carry the session, for the organization-plugin calls made on the parent's behalf.
 */
export type FamilyActor = { userId: string; headers: Headers; membership: FamilyMembership };

export const roleNotAllowed = () =>
  new AppError(403, familyErrorCodes.roleNotAllowed, familyMessages.roleNotAllowed);
export const lastOwner = () => new AppError(409, familyErrorCodes.lastOwner, familyMessages.lastOwner);

export async function countOwners(db: Database, familyId: string): Promise<number> {
  const [row] = await db
    .select({ owners: count() })
    .from(member)
    .where(and(eq(member.organizationId, familyId), eq(member.role, "owner")));
  return row?.owners ?? 0;
}
