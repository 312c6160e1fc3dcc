import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A parent's data export (a zip of everything about them): prepared by a job, kept for a week, then
 * its file is deleted and the row marked expired. At most one is pending per parent.
 */
export const dataExport = pgTable(
  "data_export",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** pending, ready, failed or expired. */
    status: text("status").notNull().default("pending"),
    /** 0–100 while pending. */
    progress: integer("progress").notNull().default(0),
    storageKey: text("storage_key"),
    byteSize: bigint("byte_size", { mode: "number" }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [
    index("data_export_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("data_export_one_pending_idx").on(table.userId).where(sql`${table.status} = 'pending'`),
  ],
);
