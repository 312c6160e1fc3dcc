import type { Env } from "../../config/env";
import type { InvoiceSeller } from "../../db/schema";

/** How this deployment issues invoices: its number prefix, the seller printed on them and the tax. */
export type InvoiceSettings = {
  prefix: string;
  seller: InvoiceSeller;
  /** The tax included in every price, in hundredths of a percent (2000 = 20 %). */
  taxRateBasisPoints: number;
  taxLabel: string;
};

export type InvoiceEnv = Pick<
  Env,
  | "INVOICE_NUMBER_PREFIX"
  | "INVOICE_SELLER_NAME"
  | "INVOICE_SELLER_ADDRESS"
  | "INVOICE_SELLER_EMAIL"
  | "INVOICE_SELLER_TAX_ID"
  | "INVOICE_TAX_RATE_PERCENT"
  | "INVOICE_TAX_LABEL"
  | "MAIL_FROM"
>;

/** `Wonderkin <hello@example.com>` → `hello@example.com`; a bare address stays as it is. */
const addressOf = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/** The settings, read once from the env (README, "Invoices"). */
export function invoiceSettingsOf(env: InvoiceEnv): InvoiceSettings {
  return {
    prefix: env.INVOICE_NUMBER_PREFIX,
    seller: {
      name: env.INVOICE_SELLER_NAME,
      address: env.INVOICE_SELLER_ADDRESS.split(";")
        .map((line) => line.trim())
        .filter(Boolean),
      email: env.INVOICE_SELLER_EMAIL || addressOf(env.MAIL_FROM),
      taxId: env.INVOICE_SELLER_TAX_ID,
    },
    taxRateBasisPoints: Math.round(env.INVOICE_TAX_RATE_PERCENT * 100),
    taxLabel: env.INVOICE_TAX_LABEL,
  };
}
