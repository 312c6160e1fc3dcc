import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Mailer } from "../../providers/mailer/mailer";
import type { Payments } from "../../providers/payments/payments";
import type { InvoiceLinkSigning } from "./invoice-links";
import type { InvoiceSettings } from "./invoice-settings";

/** What billing needs to tell a parent about their money: receipts and cancellations. */
export type BillingMailDeps = {
  db: Database;
  mailer: Mailer;
  env: Pick<Env, "APP_NAME" | "publicUrl">;
  /** Where an undeliverable billing e-mail is reported: a payment never fails for want of a mail server. */
  logger?: { warn(obj: object, msg: string): void };
  /** The seller, number prefix and tax every payment's invoice is issued with (decision 0053). */
  invoicing: InvoiceSettings;
  /** How the billing history signs its invoice links. */
  invoiceLinks: InvoiceLinkSigning;
};

export type BillingDeps = BillingMailDeps & { payments: Payments };
