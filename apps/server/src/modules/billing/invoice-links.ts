import { signPath } from "../../lib/signed-url";

/** Where an invoice's PDF is served (http/subscription-routes.ts). */
export const invoicePdfPath = (number: string) => `/api/subscription/invoices/${number}.pdf`;

/** How invoice addresses are signed: the server's media secret and lifetime (lib/signed-url). */
export type InvoiceLinkSigning = { secret: string; ttlSeconds: number };

/**
 * A short-lived signed address of an invoice's PDF, handed only to its payer (the billing history):
 * a plain link downloads it, which a bearer token cannot do, and it stops working within minutes.
 */
export const signedInvoiceUrl = (signing: InvoiceLinkSigning, number: string, now = Date.now()) =>
  signPath(signing.secret, invoicePdfPath(number), now, signing.ttlSeconds);
