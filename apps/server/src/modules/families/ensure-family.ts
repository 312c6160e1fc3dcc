import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import { createPersonalFamily } from "./create-personal-family";
import { findDefaultFamilyId } from "./find-default-family";

/**
 * Every parent always has a family to act for. After leaving, being removed or deleting a family,
 * a parent left without one gets a fresh, empty family of their own; returns the family to use next.
 */
export async function ensureFamily(db: Database, options: { userId: string }): Promise<string> {
  const existing = await findDefaultFamilyId(db, options);
  if (existing) return existing;
  const [row] = await db.select({ firstName: user.firstName }).from(user).where(eq(user.id, options.userId));
  const { organizationId } = await createPersonalFamily(db, {
    userId: options.userId,
    firstName: row?.firstName ?? "",
  });
  return organizationId;
}
