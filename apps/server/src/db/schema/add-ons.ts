import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { child } from "./child";
import { organization } from "./family";
import { generatedImage } from "./studio";

/**
 * Every change to what a parent holds of the Magician add-ons (decision 0033), append-only, one
 * balance per unit: `print` (ready-to-print A4 files) and `video` (animated clips). Like the credit
 * ledger, `reference` names the cause and is unique (a checkout's purchase, one portrait's print,
 * one video and its refund), so the same cause never counts twice; `balance_after` is the unit's
 * balance after the entry, written under the parent's locked row, so it can never go below zero.
 */
export const addOnLedger = pgTable(
  "add_on_ledger",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** print, video or child (room for an Extra child in the family, decision 0051). */
    unit: text("unit").notNull(),
    delta: integer("delta").notNull(),
    /** purchase, use or refund. */
    kind: text("kind").notNull(),
    reference: text("reference").notNull().unique(),
    note: text("note"),
    balanceAfter: integer("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("add_on_ledger_user_idx").on(table.userId, table.unit, table.id),
    check("add_on_ledger_delta_not_zero", sql`${table.delta} <> 0`),
    check("add_on_ledger_balance_not_negative", sql`${table.balanceAfter} >= 0`),
  ],
);

/**
 * A short animated clip of a finished portrait ("Create video"), made locally by a background job
 * and kept beside the portrait's files (under the child's storage prefix). Goes with the portrait,
 * and so with the child and the family. At most one clip per portrait that has not failed.
 */
export const portraitVideo = pgTable(
  "portrait_video",
  {
    id: text("id").primaryKey(),
    imageId: text("image_id")
      .notNull()
      .references(() => generatedImage.id, { onDelete: "cascade" }),
    childId: integer("child_id")
      .notNull()
      .references(() => child.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    requestedByUserId: text("requested_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** pending, processing, succeeded or failed (its video credit refunded). */
    status: text("status").notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    /** The add-on ledger reference of the clip it cost; its refund uses `video-refund:{id}`. */
    creditReference: text("credit_reference").notNull(),
    storageKey: text("storage_key"),
    width: integer("width"),
    height: integer("height"),
    frames: integer("frames"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("portrait_video_live_idx").on(table.imageId).where(sql`${table.status} <> 'failed'`),
    index("portrait_video_image_idx").on(table.imageId, table.createdAt),
  ],
);

/**
 * A printable storybook of a child's portraits (issue 33, decision 0067): its pages as ordered at
 * checkout time (`pages`: image ids and captions), made by a background job into one PDF stored
 * under the child's prefix. Goes with the child and the family (and so into their deletion
 * receipts); a portrait deleted while its book is made fails the book, which gives back what paid.
 */
export const storybook = pgTable(
  "storybook",
  {
    id: text("id").primaryKey(),
    childId: integer("child_id")
      .notNull()
      .references(() => child.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    requestedByUserId: text("requested_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The parent whose plan or add-on paid (the family owner when their credits are shared). */
    paidByUserId: text("paid_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** plan (the plan's book of the month) or add-on (a Storybook add-on unit, refunded on failure). */
    paidWith: text("paid_with").notNull(),
    /** The add-on ledger reference of the unit it cost (add-on only); its refund uses `storybook-refund:{id}`. */
    creditReference: text("credit_reference"),
    title: text("title").notNull(),
    /** a4 or square. */
    format: text("format").notNull(),
    pages: jsonb("pages").$type<{ imageId: string; caption: string }[]>().notNull(),
    /** pending, processing, succeeded or failed. */
    status: text("status").notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    storageKey: text("storage_key"),
    bytes: integer("bytes"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("storybook_child_idx").on(table.childId, table.createdAt),
    index("storybook_paid_by_idx").on(table.paidByUserId, table.createdAt),
  ],
);
