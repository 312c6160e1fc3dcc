import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Mailer } from "../../providers/mailer/mailer";
import type { Payments } from "../../providers/payments/payments";

/** What billing needs to tell a parent about their money: receipts and cancellations. */
export type BillingMailDeps = {
  db: Database;
  mailer: Mailer;
  env: Pick<Env, "APP_NAME" | "publicUrl">;
  /** Where an undeliverable billing e-mail is reported: a payment never fails for want of a mail server. */
  logger?: { warn(obj: object, msg: string): void };
};

export type BillingDeps = BillingMailDeps & { payments: Payments };
