import {
  type AddOnUnit,
  addOnErrorCodes,
  addOnMessages,
  childErrorCodes,
  childMessages,
  storybookErrorCodes,
  storybookMessages,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { appendLedgerEntry, type Ledger, readLedgerBalance } from "../../db/append-ledger-entry";
import type { Database } from "../../db/client";
import { addOnLedger, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";

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
  // An Extra child is room in the family, never spent (decision 0051): nothing takes it today.
  child: () => new AppError(409, childErrorCodes.childLimitReached, childMessages.childLimitReached),
  book: () => new AppError(409, storybookErrorCodes.addOnNeeded, storybookMessages.addOnNeeded),
} satisfies Record<AddOnUnit, () => AppError>;

/** Add-on units: one balance per parent and unit, the `balance_after` of its latest entry. */
const addOnUnits: Ledger<typeof addOnLedger, AddOnChange> = {
  table: addOnLedger,
  owner: user.id,
  balance: { latestEntryPer: ["unit"] },
  notWhole: (delta) => new Error(`An add-on change must be a non-zero whole number, got ${delta}`),
  noOwner: (userId) => new Error(`No user ${userId} to change add-ons for`),
  shortOf: (change) => shortOf[change.unit](),
};

/**
 * The one way add-on units change (decision 0033), through the ledger writer credits use too
 * (decision 0046): the parent's row is locked, the unit's balance read from its latest entry,
 * checked (it never goes below zero) and the entry written, in one transaction (a savepoint inside
 * the caller's). A reference seen before changes nothing and reports the current balance, so
 * webhooks, retries and double clicks repeat safely.
 */
export function changeAddOnUnits(
  db: Database,
  change: AddOnChange,
): Promise<{ applied: boolean; balance: number }> {
  return appendLedgerEntry(db, addOnUnits, change);
}

/** What the parent holds of one add-on unit. */
export function readAddOnBalance(
  db: Database,
  options: { userId: string; unit: AddOnUnit },
): Promise<number> {
  return readLedgerBalance(db, addOnUnits, options);
}
