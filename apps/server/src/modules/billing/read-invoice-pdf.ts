import { billingErrorCodes, billingMessages } from "@wonderkin/contract";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invoice, payment } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { renderInvoicePdf } from "./render-invoice-pdf";

/**
 * An invoice's PDF, for its payer only. With `userId`, the payment must be that parent's; without,
 * the caller has checked a signed address that only the payer's billing history hands out. An
 * unknown number, another parent's invoice and one whose account was deleted (kept for the law,
 * decision 0019, but no longer anyone's to download) all answer the same 404.
 */
export async function readInvoicePdf(
  db: Database,
  options: { number: string; userId?: string },
): Promise<{ number: string; pdf: Uint8Array }> {
  const [found] = await db
    .select({ invoice, paidAt: payment.paidAt, provider: payment.provider })
    .from(invoice)
    .innerJoin(payment, eq(payment.id, invoice.paymentId))
    .where(
      and(
        eq(invoice.number, options.number),
        options.userId === undefined ? isNotNull(payment.userId) : eq(payment.userId, options.userId),
      ),
    );
  if (!found) throw new AppError(404, billingErrorCodes.invoiceNotFound, billingMessages.invoiceNotFound);
  return { number: found.invoice.number, pdf: await renderInvoicePdf(found.invoice, found) };
}
