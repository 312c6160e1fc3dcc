import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";

/**
 * The family a parent acts for when nothing else is chosen: the one they own, else the first they
 * joined. (The families capability lets them switch.)
 */
export async function findDefaultFamilyId(db: Database, options: { userId: string }): Promise<string | null> {
  const memberships = await db
    .select({ organizationId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, options.userId))
    .orderBy(asc(member.createdAt));
  return (memberships.find((row) => row.role === "owner") ?? memberships[0])?.organizationId ?? null;
}
