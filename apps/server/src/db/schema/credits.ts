import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Every change to a parent's credits, append-only. The balance on `user.total_credits` moves in
 * the same transaction as each entry, so the entries always sum to it. `reference` names what
 * caused the change (a plan's grant for a period, a checkout, a generation…) and is unique, so the
 * same cause can never count twice.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    /** plan-grant, top-up, spend, refund or adjustment. */
    kind: text("kind").notNull(),
    reference: text("reference").notNull().unique(),
    note: text("note"),
    balanceAfter: integer("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_ledger_user_idx").on(table.userId, table.id),
    check("credit_ledger_delta_not_zero", sql`${table.delta} <> 0`),
    check("credit_ledger_balance_not_negative", sql`${table.balanceAfter} >= 0`),
  ],
);
