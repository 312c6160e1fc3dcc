import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  billingDetails,
  type InvoiceBuyer,
  invoice,
  invoiceSequence,
  type payment,
  user,
} from "../../db/schema";
import { formatInvoiceNumber, invoiceSeries } from "./invoice-number";
import type { InvoiceSettings } from "./invoice-settings";
import { payerSnapshot } from "./payer-snapshot";

type PaymentRow = typeof payment.$inferSelect;

/** Stripe's own invoice of the same payment (a subscription's), linked beside ours. */
export type ProviderInvoice = { url: string | null; pdfUrl: string | null };

/**
 * The next number of a series. The upsert locks the series' row until the transaction ends, so
 * concurrent payments take turns, and a payment that rolls back gives its number back: no gaps.
 */
async function nextInSeries(tx: Database, series: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSequence)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceSequence.series,
      set: { lastNumber: sql`${invoiceSequence.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSequence.lastNumber });
  if (!row) throw new Error(`No number was given in invoice series ${series}`);
  return row.lastNumber;
}

/** The buyer as the invoice names them: the billing details given at checkout, else the account. */
async function buyerOf(tx: Database, row: PaymentRow): Promise<InvoiceBuyer> {
  if (!row.userId) {
    if (row.payer) return row.payer;
    throw new Error(`Payment ${row.id} has neither a payer nor an account`);
  }
  const [found] = await tx
    .select({ account: user, details: billingDetails })
    .from(user)
    .leftJoin(billingDetails, eq(billingDetails.userId, user.id))
    .where(eq(user.id, row.userId));
  if (!found) throw new Error(`The account of payment ${row.id} is missing`);
  return payerSnapshot(found.account, found.details);
}

/**
 * Issues the invoice of a payment just recorded, inside the transaction that recorded it
 * (`recordPayment`): the next number of this year's series, the seller and buyer as they are now,
 * one line, and the tax the price includes.
 */
export async function issueInvoice(
  tx: Database,
  options: {
    payment: PaymentRow;
    settings: InvoiceSettings;
    providerInvoice?: ProviderInvoice | null;
    issuedAt?: Date;
  },
): Promise<{ number: string }> {
  const { payment: paid, settings } = options;
  const issuedAt = options.issuedAt ?? new Date();
  const series = invoiceSeries(settings.prefix, issuedAt);
  const number = formatInvoiceNumber(series, await nextInSeries(tx, series));
  const total = paid.amountCents;
  const net = Math.round((total * 10_000) / (10_000 + settings.taxRateBasisPoints));
  await tx.insert(invoice).values({
    number,
    paymentId: paid.id,
    issuedAt,
    seller: settings.seller,
    buyer: await buyerOf(tx, paid),
    lines: [{ description: paid.description, quantity: 1, unitCents: total, totalCents: total }],
    currency: paid.currency,
    netCents: net,
    taxCents: total - net,
    totalCents: total,
    taxRateBasisPoints: settings.taxRateBasisPoints,
    taxLabel: settings.taxLabel,
    providerInvoiceUrl: options.providerInvoice?.url ?? null,
    providerInvoicePdfUrl: options.providerInvoice?.pdfUrl ?? null,
  });
  return { number };
}
