import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
    /** What the message carried (name, type, size, content id): never the files. */
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; bytes: number; cid: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mail_outbox_to_idx").on(table.toAddress, table.createdAt)],
);
