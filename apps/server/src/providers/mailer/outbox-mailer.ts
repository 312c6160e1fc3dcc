import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { Mailer } from "./mailer";

/** What the outbox needs of a logger; pino and Fastify's logger both fit. */
export type MailLogger = { info(obj: object, msg: string): void };

/**
 * The local mailer: nothing leaves the machine. Messages land in the outbox table (the dev mailbox
 * and e2e tests read them there). In development the action link also goes to the log, so a
 * developer without a mail server can verify an address or reset a password; anywhere else a link
 * in a log would be a way into a parent's account, so the log says only who got what kind of mail.
 */
export function createOutboxMailer(options: {
  db: Database;
  logger: MailLogger;
  /** Write sign-in and verification links to the log (development only). */
  logLinks?: boolean;
}): Mailer {
  const { db, logger } = options;
  const logLinks = options.logLinks ?? true;
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        kind: message.kind,
        html: message.html,
        text: message.text,
        link: message.link ?? null,
        unsubscribeUrl: message.unsubscribeUrl ?? null,
        // What was attached, never the pictures themselves: the outbox is no place for a child's images.
        attachments: (message.attachments ?? []).map(({ filename, contentType, content, cid }) => ({
          filename,
          contentType,
          bytes: content.length,
          cid,
        })),
      });
      if (logLinks) {
        logger.info(
          { to: message.to, kind: message.kind, link: message.link ?? null },
          `mail to ${message.to}: ${message.link ?? message.subject}`,
        );
      } else {
        logger.info({ to: message.to, kind: message.kind }, `mail to ${message.to} kept in the outbox`);
      }
    },
  };
}
