import type { YearlySeriesRender } from "@wonderkin/contract";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { bytea } from "./bytea";
import { child } from "./child";

/**
 * A child's model trained again from this year's photos (issue 33, decision 0069). The child's own
 * training columns keep describing the model in use, so the studio goes on making portraits with it
 * while an update trains; on completion the child row takes the new model and reference face.
 */
export const childYearlyUpdate = pgTable(
  "child_yearly_update",
  {
    id: text("id").primaryKey(),
    childId: integer("child_id")
      .notNull()
      .references(() => child.id, { onDelete: "cascade" }),
    /** started, completed or failed. */
    status: text("status").notNull(),
    /** 0–100 while started. */
    progress: integer("progress").notNull().default(0),
    failureReason: text("failure_reason"),
    /** The provider's training run, once it has one (webhooks and the reconciler find it by this). */
    providerId: text("provider_id").unique(),
    /** The photos it trains on, fixed when it starts (photos added meanwhile wait for next time). */
    photoIds: jsonb("photo_ids").$type<string[]>().notNull(),
    /**
     * This year's reference face (128 float32, biometric): held here only while the update runs,
     * moved to the child when it completes and cleared when it ends either way.
     */
    referenceDescriptor: bytea("reference_descriptor"),
    /** The portraits asked for each yearly series once it completed. */
    seriesRenders: jsonb("series_renders").$type<YearlySeriesRender[]>().notNull().default([]),
    /** When every series had its portrait asked for (null until that job has run). */
    seriesMadeAt: timestamp("series_made_at", { withTimezone: true }),
    startedByUserId: text("started_by_user_id").references(() => user.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("child_yearly_update_child_idx").on(table.childId, table.startedAt),
    // One update at a time per child: two clicks start one training.
    uniqueIndex("child_yearly_update_running_idx").on(table.childId).where(sql`${table.status} = 'started'`),
  ],
);
