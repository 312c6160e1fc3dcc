import { creditErrorCodes, creditMessages } from "@wonderkin/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { creditLedger, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";

export const creditKinds = ["plan-grant", "top-up", "spend", "refund", "adjustment"] as const;
export type CreditKind = (typeof creditKinds)[number];

export type CreditChange = {
  userId: string;
  /** Positive adds, negative takes; never zero. */
  delta: number;
  kind: CreditKind;
  /** What caused it, unique across the ledger: the same cause is applied at most once. */
  reference: string;
  note?: string;
};

/**
 * The one way credits change. The user's row is locked, the balance checked (it can never go
 * negative: spending more than there is fails with INSUFFICIENT_CREDITS), the entry written and
 * the balance moved in one transaction. A reference seen before changes nothing and reports the
 * current balance: webhooks and retries can repeat safely.
 */
export async function changeCredits(
  db: Database,
  change: CreditChange,
): Promise<{ applied: boolean; balance: number }> {
  if (!Number.isInteger(change.delta) || change.delta === 0) {
    throw new Error(`A credit change must be a non-zero whole number, got ${change.delta}`);
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ balance: user.totalCredits })
        .from(user)
        .where(eq(user.id, change.userId))
        .for("update");
      if (!row) throw new Error(`No user ${change.userId} to change credits for`);
      const [seen] = await tx
        .select({ id: creditLedger.id })
        .from(creditLedger)
        .where(eq(creditLedger.reference, change.reference));
      if (seen) return { applied: false, balance: row.balance };
      const balance = row.balance + change.delta;
      if (balance < 0) {
        throw new AppError(402, creditErrorCodes.insufficientCredits, creditMessages.insufficientCredits);
      }
      await tx.insert(creditLedger).values({ ...change, balanceAfter: balance });
      await tx
        .update(user)
        .set({ totalCredits: sql`${user.totalCredits} + ${change.delta}` })
        .where(eq(user.id, change.userId));
      return { applied: true, balance };
    });
  } catch (error) {
    // Two instances applying the same reference at once: the loser changed nothing.
    if (isUniqueViolation(error)) {
      const [row] = await db
        .select({ balance: user.totalCredits })
        .from(user)
        .where(eq(user.id, change.userId));
      return { applied: false, balance: row?.balance ?? 0 };
    }
    throw error;
  }
}

export async function readCredits(db: Database, options: { userId: string }): Promise<number> {
  const [row] = await db.select({ balance: user.totalCredits }).from(user).where(eq(user.id, options.userId));
  return row?.balance ?? 0;
}
