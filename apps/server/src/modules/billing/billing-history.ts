import type { BillingHistoryEntry } from "@wonderkin/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { child, creditLedger, invoice, member, payment } from "../../db/schema";
import { creditKinds } from "../credits/change-credits";
import { childIdOfNote, nameChildInNote } from "../credits/portrait-spend-note";
import { type InvoiceLinkSigning, signedInvoiceUrl } from "./invoice-links";

/**
 * The first names of the children the notes name, among the families the parent belongs to now:
 * a child deleted since, or of a family the parent has left, is not named.
 */
async function namesOfChildren(
  db: Database,
  userId: string,
  childIds: number[],
): Promise<Map<number, string>> {
  if (childIds.length === 0) return new Map();
  const rows = await db
    .select({ id: child.id, firstName: child.firstName })
    .from(child)
    .innerJoin(member, and(eq(member.organizationId, child.organizationId), eq(member.userId, userId)))
    .where(inArray(child.id, childIds));
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/**
 * Payments and credit movements of a parent, merged newest first. A portrait spend names its child
 * by the child's first name as it is now (the ledger itself keeps only the child's id). Each payment
 * carries its invoice: a fresh signed link to our PDF and Stripe's page where Stripe issued one.
 */
export async function billingHistory(
  deps: { db: Database; invoiceLinks: InvoiceLinkSigning },
  options: { userId: string },
): Promise<BillingHistoryEntry[]> {
  const { db } = deps;
  const [payments, ledger] = await Promise.all([
    db
      .select({ payment, invoice })
      .from(payment)
      .leftJoin(invoice, eq(invoice.paymentId, payment.id))
      .where(eq(payment.userId, options.userId))
      .orderBy(desc(payment.paidAt)),
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, options.userId))
      .orderBy(desc(creditLedger.id)),
  ]);
  const childIds = [...new Set(ledger.map((row) => childIdOfNote(row.note)).filter((id) => id !== null))];
  const names = await namesOfChildren(db, options.userId, childIds);
  const describe = (note: string | null, kind: string): string => {
    if (note === null) return kind;
    const childId = childIdOfNote(note);
    return childId === null ? note : nameChildInNote(note, names.get(childId) ?? null);
  };
  const entries: BillingHistoryEntry[] = [
    ...payments.map(({ payment: row, invoice: issued }) => ({
      id: row.id,
      at: row.paidAt.toISOString(),
      kind: "payment" as const,
      description: row.description,
      amount: row.amountCents / 100,
      currency: row.currency,
      credits: null,
      receiptUrl: row.receiptUrl,
      invoice: issued
        ? {
            number: issued.number,
            url: signedInvoiceUrl(deps.invoiceLinks, issued.number),
            providerUrl: issued.providerInvoiceUrl,
          }
        : null,
    })),
    ...ledger.map((row) => ({
      id: `credit-${row.id}`,
      at: row.createdAt.toISOString(),
      kind: creditKinds.find((kind) => kind === row.kind) ?? "adjustment",
      description: describe(row.note, row.kind),
      amount: null,
      currency: null,
      credits: row.delta,
      receiptUrl: null,
      invoice: null,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}
