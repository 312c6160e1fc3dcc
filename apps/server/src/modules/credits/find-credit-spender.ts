import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { creditLedger } from "../../db/schema";

/**
 * Whose credits a spend took, by its ledger reference: a refund goes back to them, who may be the
 * family's owner rather than the parent who asked (decision 0050). Null when nothing was spent.
 */
export async function findCreditSpender(
  db: Database,
  options: { reference: string },
): Promise<string | null> {
  const [row] = await db
    .select({ userId: creditLedger.userId })
    .from(creditLedger)
    .where(and(eq(creditLedger.reference, options.reference), eq(creditLedger.kind, "spend")));
  return row?.userId ?? null;
}
