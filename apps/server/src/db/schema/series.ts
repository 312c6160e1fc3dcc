import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { child } from "./child";
import { organization } from "./family";

/**
 * A style a parent turned into a yearly series for a child (issue 33, decision 0068): once a year,
 * on `remind_month`/`remind_day` (the child's birthday, or a day the parent picked), a reminder asks
 * for new photos. Goes with the child (and so with the family), counted in the deletion receipt.
 */
export const portraitSeries = pgTable(
  "portrait_series",
  {
    id: text("id").primaryKey(),
    childId: integer("child_id")
      .notNull()
      .references(() => child.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    styleId: text("style_id").notNull(),
    /** The parent who started it, and who gets its reminders while they are in the family. */
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    remindMonth: smallint("remind_month").notNull(),
    remindDay: smallint("remind_day").notNull(),
    /** birthday or chosen. */
    remindSource: text("remind_source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("portrait_series_child_style_idx").on(table.childId, table.styleId),
    index("portrait_series_organization_idx").on(table.organizationId),
  ],
);

/**
 * One row per series and year a reminder was sent: the primary key is what makes the scheduled job
 * idempotent (a second run, or a second worker, finds the year taken and sends nothing).
 */
export const portraitSeriesReminder = pgTable(
  "portrait_series_reminder",
  {
    seriesId: text("series_id")
      .notNull()
      .references(() => portraitSeries.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    sentToUserId: text("sent_to_user_id").references(() => user.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.year] })],
);
