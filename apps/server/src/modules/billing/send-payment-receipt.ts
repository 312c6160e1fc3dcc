import { findPlanVariant } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { invoice, payment, user } from "../../db/schema";
import { paymentReceiptEmail } from "../../emails";
import type { BillingMailDeps } from "./billing-deps";

/** Where a receipt sends the parent: every payment and credit movement, with the providers' receipts. */
export const billingHistoryPath = "/account/subscription/view-history";

/**
 * E-mails the receipt of one recorded payment (a plan, a renewal, a top-up, an add-on): the item is
 * the payment's description, the amount and day are the payment's own.
 *
 * Once per payment: call it only from the run whose insert recorded the payment, i.e. when
 * `insert(payment)…onConflictDoNothing().returning()` gave a row back. A replayed webhook, a second
 * click or a retried job finds the payment already there and so never sends a second receipt.
 *
 * The payment stands whether or not the mail server answers: a failure is logged, not thrown.
 */
export async function sendPaymentReceipt(
  deps: Omit<BillingMailDeps, "invoicing" | "invoiceLinks">,
  options: {
    paymentId: string;
    /** Credits the payment added (a plan's first grant, a top-up); leave out when it added none. */
    credits?: number;
    /** One sentence on anything else the purchase gives (a yearly plan's monthly images, an add-on's allowance). */
    includes?: string;
  },
): Promise<{ sent: boolean }> {
  const [row] = await deps.db
    .select({
      id: payment.id,
      description: payment.description,
      amountCents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      paidAt: payment.paidAt,
      email: user.email,
      firstName: user.firstName,
      invoiceNumber: invoice.number,
    })
    .from(payment)
    .innerJoin(user, eq(user.id, payment.userId))
    .leftJoin(invoice, eq(invoice.paymentId, payment.id))
    .where(eq(payment.id, options.paymentId));
  // No row: the payment is unknown or its account was deleted, and there is nobody to write to.
  if (!row) return { sent: false };
  const historyUrl = `${deps.env.publicUrl}${billingHistoryPath}`;
  // The history page names the invoice and offers its PDF once the parent is signed in.
  const invoiceUrl = row.invoiceNumber
    ? `${historyUrl}?invoice=${encodeURIComponent(row.invoiceNumber)}`
    : null;
  try {
    await deps.mailer.send({
      to: row.email,
      kind: "payment-receipt",
      link: invoiceUrl ?? historyUrl,
      ...paymentReceiptEmail({
        appName: deps.env.APP_NAME,
        firstName: row.firstName,
        itemName: row.description,
        amountCents: row.amountCents,
        currency: row.currency,
        paidAt: row.paidAt,
        ...(options.credits ? { credits: options.credits } : {}),
        ...(options.includes ? { includes: options.includes } : {}),
        reference: row.id,
        testPayment: row.provider === "local",
        historyUrl,
        ...(row.invoiceNumber && invoiceUrl
          ? { invoice: { number: row.invoiceNumber, url: invoiceUrl } }
          : {}),
      }),
    });
    return { sent: true };
  } catch (error) {
    deps.logger?.warn({ err: error, paymentId: row.id }, "payment receipt not sent");
    return { sent: false };
  }
}

/**
 * What a plan payment adds, for its receipt: the month's images (a monthly or one-time plan), or,
 * for a yearly plan, the images that arrive each month (only the first month's come with payment).
 */
export function planReceiptLines(
  planId: number,
  moment: "purchase" | "renewal",
): { credits?: number; includes?: string } {
  const found = findPlanVariant(planId);
  if (!found) return {};
  const { plan, variant } = found;
  if (variant.billingCycle !== "yearly") return { credits: variant.creditsPerGrant };
  const perMonth = `${variant.creditsPerGrant} images arrive at the start of each month`;
  return moment === "purchase"
    ? { credits: variant.creditsPerGrant, includes: `With ${plan.name} yearly, ${perMonth} of your year.` }
    : { includes: `Your ${plan.name} plan continues for another year: ${perMonth}.` };
}
