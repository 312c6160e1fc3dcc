import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { addOnLedger } from "../../db/schema";

/**
 * Whose add-on unit a use took, by its ledger reference: a refund goes back to them, who may be the
 * family's owner rather than the parent who asked (decision 0050). Null when nothing was taken.
 */
export async function findUnitSpender(db: Database, options: { reference: string }): Promise<string | null> {
  const [row] = await db
    .select({ userId: addOnLedger.userId })
    .from(addOnLedger)
    .where(and(eq(addOnLedger.reference, options.reference), eq(addOnLedger.kind, "use")));
  return row?.userId ?? null;
}
