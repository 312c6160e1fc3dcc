import {
  type AddOnUnit,
  addOnErrorCodes,
  addOnMessages,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { addOnLedger, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";

export const addOnLedgerKinds = ["purchase", "use", "refund"] as const;
export type AddOnLedgerKind = (typeof addOnLedgerKinds)[number];

export type AddOnChange = {
  userId: string;
  unit: AddOnUnit;
  /** Positive adds, negative takes; never zero. */
  delta: number;
  kind: AddOnLedgerKind;
  /** What caused it, unique across the ledger: the same cause is applied at most once. */
  reference: string;
  note?: string;
};

/** What taking more than is left answers, per unit. */
const shortOf = {
  video: () => new AppError(402, addOnErrorCodes.videoCreditsNeeded, addOnMessages.videoCreditsNeeded),
  print: () => new AppError(409, studioErrorCodes.printAllowanceUsed, studioMessages.printAllowanceUsed),
} satisfies Record<AddOnUnit, () => AppError>;

async function latestBalance(db: Database, options: { userId: string; unit: AddOnUnit }): Promise<number> {
  const [row] = await db
    .select({ balance: addOnLedger.balanceAfter })
    .from(addOnLedger)
    .where(and(eq(addOnLedger.userId, options.userId), eq(addOnLedger.unit, options.unit)))
    .orderBy(desc(addOnLedger.id))
    .limit(1);
  return row?.balance ?? 0;
}

/**
 * The one way add-on units change (decision 0033), shaped like `changeCredits`: the parent's row is
 * locked, the unit's balance read from its latest entry, checked (it never goes below zero) and the
 * entry written, in one transaction (a savepoint inside the caller's). A reference seen before
 * changes nothing and reports the current balance, so webhooks, retries and double clicks repeat
 * safely.
 */
export async function changeAddOnUnits(
  db: Database,
  change: AddOnChange,
): Promise<{ applied: boolean; balance: number }> {
  if (!Number.isInteger(change.delta) || change.delta === 0) {
    throw new Error(`An add-on change must be a non-zero whole number, got ${change.delta}`);
  }
  try {
    return await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ id: user.id })
        .from(user)
        .where(eq(user.id, change.userId))
        .for("update");
      if (!owner) throw new Error(`No user ${change.userId} to change add-ons for`);
      const current = await latestBalance(tx, change);
      const [seen] = await tx
        .select({ id: addOnLedger.id })
        .from(addOnLedger)
        .where(eq(addOnLedger.reference, change.reference));
      if (seen) return { applied: false, balance: current };
      const balance = current + change.delta;
      if (balance < 0) throw shortOf[change.unit]();
      await tx.insert(addOnLedger).values({ ...change, balanceAfter: balance });
      return { applied: true, balance };
    });
  } catch (error) {
    // Two instances applying the same reference at once: the loser changed nothing.
    if (isUniqueViolation(error)) return { applied: false, balance: await latestBalance(db, change) };
    throw error;
  }
}

/** What the parent holds of one add-on unit. */
export function readAddOnBalance(
  db: Database,
  options: { userId: string; unit: AddOnUnit },
): Promise<number> {
  return latestBalance(db, options);
}
