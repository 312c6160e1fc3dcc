import { creditErrorCodes, creditMessages } from "@wonderkin/contract";
import { appendLedgerEntry, type Ledger, readLedgerBalance } from "../../db/append-ledger-entry";
import type { Database } from "../../db/client";
import { creditLedger, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";

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

/** Credits: one balance, kept on `user.total_credits` (what the whole product reads as "images"). */
const credits: Ledger<typeof creditLedger, CreditChange> = {
  table: creditLedger,
  owner: user.id,
  balance: { keptIn: user.totalCredits },
  notWhole: (delta) => new Error(`A credit change must be a non-zero whole number, got ${delta}`),
  noOwner: (userId) => new Error(`No user ${userId} to change credits for`),
  shortOf: () => new AppError(402, creditErrorCodes.insufficientCredits, creditMessages.insufficientCredits),
};

/**
 * The one way credits change (decision 0014), through the one ledger writer (decision 0046): the
 * user's row is locked, the balance checked (it can never go negative: spending more than there is
 * fails with INSUFFICIENT_CREDITS), the entry written and the balance moved in one transaction. A
 * reference seen before changes nothing and reports the current balance: webhooks and retries can
 * repeat safely.
 */
export function changeCredits(
  db: Database,
  change: CreditChange,
): Promise<{ applied: boolean; balance: number }> {
  return appendLedgerEntry(db, credits, change);
}

export function readCredits(db: Database, options: { userId: string }): Promise<number> {
  return readLedgerBalance(db, credits, options);
}
