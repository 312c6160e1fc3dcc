import type { BillingHistoryEntry } from "@wonderkin/contract";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { creditLedger, payment } from "../../db/schema";
import { creditKinds } from "../credits/change-credits";

/** Payments and credit movements of a parent, merged newest first. */
export async function billingHistory(
  db: Database,
  options: { userId: string },
): Promise<BillingHistoryEntry[]> {
  const [payments, ledger] = await Promise.all([
    db.select().from(payment).where(eq(payment.userId, options.userId)).orderBy(desc(payment.paidAt)),
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, options.userId))
      .orderBy(desc(creditLedger.id)),
  ]);
  const entries: BillingHistoryEntry[] = [
    ...payments.map((row) => ({
      id: row.id,
      at: row.paidAt.toISOString(),
      kind: "payment" as const,
      description: row.description,
      amount: row.amountCents / 100,
      currency: row.currency,
      credits: null,
      receiptUrl: row.receiptUrl,
    })),
    ...ledger.map((row) => ({
      id: `credit-${row.id}`,
      at: row.createdAt.toISOString(),
      kind: creditKinds.find((kind) => kind === row.kind) ?? "adjustment",
      description: row.note ?? row.kind,
      amount: null,
      currency: null,
      credits: row.delta,
      receiptUrl: null,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}
