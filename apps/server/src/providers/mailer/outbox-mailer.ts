import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { Mailer } from "./mailer";

/** What the outbox needs of a logger; pino and Fastify's logger both fit. */
export type MailLogger = { info(obj: object, msg: string): void };

/**
 * The local mailer: nothing leaves the machine. Messages land in the outbox table (the dev mailbox
 * and e2e tests read them there) and the action link goes to the log, so a developer without a mail
 * server can still verify an address or reset a password.
 */
export function createOutboxMailer(options: { db: Database; logger: MailLogger }): Mailer {
  const { db, logger } = options;
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
      });
      logger.info(
        { to: message.to, kind: message.kind, link: message.link ?? null },
        `mail to ${message.to}: ${message.link ?? message.subject}`,
      );
    },
  };
}
