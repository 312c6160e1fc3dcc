import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Mailer } from "./mailer";
import { createOutboxMailer, type MailLogger } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";

export type { Mailer, MailKind, MailMessage } from "./mailer";

/** The chosen mailer plus what the composition root needs to shut it down (SMTP keeps a pool). */
export type ManagedMailer = Mailer & { close(): void };

export function createMailer(options: {
  env: Pick<Env, "MAIL_PROVIDER" | "SMTP_URL" | "MAIL_FROM" | "NODE_ENV">;
  db: Database;
  logger: MailLogger;
}): ManagedMailer {
  const { env } = options;
  if (env.MAIL_PROVIDER === "smtp") {
    // The env module already refuses this combination; the check keeps the types honest.
    if (!env.SMTP_URL) throw new Error("SMTP_URL is required with MAIL_PROVIDER=smtp");
    return createSmtpMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  }
  const logLinks = env.NODE_ENV === "development";
  return { ...createOutboxMailer({ db: options.db, logger: options.logger, logLinks }), close: () => {} };
}
