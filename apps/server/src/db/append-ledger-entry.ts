import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { isUniqueViolation } from "../lib/db-errors";
import type { Database } from "./client";

/** The columns every append-only ledger shares (credit_ledger, add_on_ledger). */
export type LedgerTable = PgTable & {
  id: PgColumn;
  userId: PgColumn;
  reference: PgColumn;
  balanceAfter: PgColumn;
};

/** What every entry names: whose balance, by how much, and the cause that may apply only once. */
export type LedgerEntry = { userId: string; delta: number; reference: string };

/**
 * One append-only ledger: its table, the owner whose row is locked while an entry is appended, where
 * the balance lives, and what the ledger's callers are told when a change is refused.
 */
export type Ledger<TTable extends LedgerTable, TEntry extends LedgerEntry> = {
  table: TTable;
  /** The owner's id column; its row is locked, so changes to one owner's balances queue up. */
  owner: PgColumn;
  /**
   * A column of the owner's row kept in step with every entry (the entries sum to it), or the
   * `balance_after` of the owner's latest entry with the same values in these columns.
   */
  balance: { keptIn: PgColumn } | { latestEntryPer: readonly (keyof TEntry & keyof TTable & string)[] };
  /** A delta that is zero or not a whole number: a bug in the caller, never the parent's doing. */
  notWhole: (delta: number) => Error;
  /** No owner row to lock. */
  noOwner: (userId: string) => Error;
  /** Taking more than the balance holds: the ledger's own answer to the parent. */
  shortOf: (entry: TEntry) => Error;
};

/** The balance an entry would move, read without locking (a reader's view, or after losing a race). */
export async function readLedgerBalance<TTable extends LedgerTable, TEntry extends LedgerEntry>(
  db: Database,
  ledger: Ledger<TTable, TEntry>,
  scope: Pick<TEntry, "userId"> & Partial<TEntry>,
): Promise<number> {
  if ("keptIn" in ledger.balance) {
    const [row] = await db
      .select({ balance: ledger.balance.keptIn })
      .from(ledger.balance.keptIn.table)
      .where(eq(ledger.owner, scope.userId));
    return Number(row?.balance ?? 0);
  }
  const { table } = ledger;
  const same: SQL[] = ledger.balance.latestEntryPer.map((key) => eq(table[key] as PgColumn, scope[key]));
  const [row] = await db
    .select({ balance: table.balanceAfter })
    .from(table as PgTable)
    .where(and(eq(table.userId, scope.userId), ...same))
    .orderBy(desc(table.id))
    .limit(1);
  return Number(row?.balance ?? 0);
}

/**
 * The one way a ledger's balance changes. The owner's row is locked, the balance read, checked (it
 * never goes below zero: the ledger's `shortOf` error), the entry written with the balance after it
 * and a kept balance moved, in one transaction (a savepoint inside the caller's). A reference seen
 * before changes nothing and reports the current balance, so webhooks, retries and double clicks
 * repeat safely.
 */
export async function appendLedgerEntry<TTable extends LedgerTable, TEntry extends LedgerEntry>(
  db: Database,
  ledger: Ledger<TTable, TEntry>,
  entry: TEntry,
): Promise<{ applied: boolean; balance: number }> {
  if (!Number.isInteger(entry.delta) || entry.delta === 0) throw ledger.notWhole(entry.delta);
  const { table, owner, balance: source } = ledger;
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: owner, ...("keptIn" in source ? { balance: source.keptIn } : {}) })
        .from(owner.table)
        .where(eq(owner, entry.userId))
        .for("update");
      if (!locked) throw ledger.noOwner(entry.userId);
      const current =
        "balance" in locked ? Number(locked.balance) : await readLedgerBalance(tx, ledger, entry);
      const [seen] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.reference, entry.reference));
      if (seen) return { applied: false, balance: current };
      const balance = current + entry.delta;
      if (balance < 0) throw ledger.shortOf(entry);
      await tx.insert(table).values({ ...entry, balanceAfter: balance } as PgInsertValue<TTable>);
      if ("keptIn" in source) await moveKeptBalance(tx, owner, source.keptIn, entry);
      return { applied: true, balance };
    });
  } catch (error) {
    // Two instances applying the same reference at once: the loser changed nothing.
    if (isUniqueViolation(error))
      return { applied: false, balance: await readLedgerBalance(db, ledger, entry) };
    throw error;
  }
}

/** Moves the owner's kept balance by the entry's delta, in SQL, so it stays the sum of the entries. */
async function moveKeptBalance(db: Database, owner: PgColumn, keptIn: PgColumn, entry: LedgerEntry) {
  const [key] = Object.entries(getTableColumns(keptIn.table)).find(([, column]) => column === keptIn) ?? [];
  if (!key) throw new Error(`The balance column ${keptIn.name} is not a column of its table`);
  const set = { [key]: sql`${keptIn} + ${entry.delta}` } as PgUpdateSetSource<PgTable>;
  await db.update(keptIn.table).set(set).where(eq(owner, entry.userId));
}
