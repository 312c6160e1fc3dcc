import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { familySpending } from "../../db/schema";

/** Whether the family's owner shares the family plan's credits with its members (off without a row). */
export async function readMembersMaySpend(db: Database, options: { familyId: string }): Promise<boolean> {
  const [row] = await db
    .select({ membersMaySpend: familySpending.membersMaySpend })
    .from(familySpending)
    .where(eq(familySpending.organizationId, options.familyId));
  return row?.membersMaySpend ?? false;
}
