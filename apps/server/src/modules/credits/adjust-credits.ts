import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import { changeCredits } from "./change-credits";

/** Support's adjustment of a parent's credits, as a ledger entry with its reason. Null: no such account. */
export async function adjustCredits(
  db: Database,
  options: { email: string; delta: number; note: string },
): Promise<{ totalCredits: number } | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, options.email.toLowerCase()));
  if (!row) return null;
  const { balance } = await changeCredits(db, {
    userId: row.id,
    delta: options.delta,
    kind: "adjustment",
    reference: `adjustment:${randomUUID()}`,
    note: options.note,
  });
  return { totalCredits: balance };
}
