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
    /** When the forwarder (e.g. PostHog) took it; null until then (an outbox). */
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
  },
  (table) => [index("analytics_event_user_idx").on(table.userId, table.name)],
);

/**
 * Anonymous first-party visitors: one per browser (the `wk_vid` cookie), with how they first came.
 * Linked to a parent by the identify call; a deleted account leaves an anonymous visitor behind.
 */
export const analyticsVisitor = pgTable(
  "analytics_visitor",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    landingPage: text("landing_page"),
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
  },
  (table) => [index("analytics_visitor_user_idx").on(table.userId)],
);

/** Each identify call: which visitor became which parent, with the attribution they carried. */
export const analyticsIdentify = pgTable(
  "analytics_identify",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    attribution: jsonb("attribution").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
  },
  (table) => [index("analytics_identify_user_idx").on(table.userId)],
);

/** The latest submitUserDataToAnalytics profile of a parent (spec §7). */
export const analyticsProfile = pgTable("analytics_profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
});
