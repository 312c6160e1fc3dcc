import type { OptionalEmailKind } from "@wonderkin/contract";
import { index, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The local mailer's outbox: every message the product sent, for the dev mailbox and e2e tests. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    kind: text("kind").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    /** The one-click unsubscribe address sent in the List-Unsubscribe header, if the message had one. */
    unsubscribeUrl: text("unsubscribe_url"),
    /** What the message carried (name, type, size, content id): never the files. */
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; bytes: number; cid: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mail_outbox_to_idx").on(table.toAddress, table.createdAt)],
);

/**
 * A kind of e-mail a parent turned off (decision 0068), from the account or an e-mail's link. No
 * row: they get it. Deleted with the account.
 */
export const emailOptOut = pgTable(
  "email_opt_out",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OptionalEmailKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
