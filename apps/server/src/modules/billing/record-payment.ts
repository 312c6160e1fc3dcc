import type { Database } from "../../db/client";
import { payment } from "../../db/schema";
import type { InvoiceSettings } from "./invoice-settings";
import { issueInvoice, type ProviderInvoice } from "./issue-invoice";

export type NewPayment = typeof payment.$inferInsert;

/**
 * Records a payment and issues its invoice in one transaction, so every payment has exactly one
 * invoice and no number is taken by a payment that was not recorded (decision 0053). Once per
 * provider charge: a replay (a repeated webhook, a double click, a rerun job) records nothing and
 * gets null, which is how callers know not to send a second receipt.
 */
export async function recordPayment(
  db: Database,
  options: { payment: NewPayment; invoicing: InvoiceSettings; providerInvoice?: ProviderInvoice | null },
): Promise<{ paymentId: string; invoiceNumber: string } | null> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(payment)
      .values(options.payment)
      .onConflictDoNothing({ target: payment.providerPaymentId })
      .returning();
    if (!recorded) return null;
    const { number } = await issueInvoice(tx, {
      payment: recorded,
      settings: options.invoicing,
      providerInvoice: options.providerInvoice ?? null,
    });
    return { paymentId: recorded.id, invoiceNumber: number };
  });
}
