import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * First-party product events (sign-up with its method, e-mail verified, …). The attribution
 * capability adds visitors and forwarding; events of a deleted account go with it.
 */
export const analyticsEvent = pgTable(
  "analytics_event",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("analytics_event_user_idx").on(table.userId, table.name)],
);
