import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Each acceptance of the parental consent agreement, kept as a history: which version, when, from
 * which address and browser. The newest row is the parent's current consent.
 */
export const parentalConsent = pgTable(
  "parental_consent",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (table) => [index("parental_consent_user_idx").on(table.userId, table.acceptedAt)],
);
