import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { SafetyScores } from "../../image-work/safety/safety-classifier";
import { user } from "./auth";
import { child } from "./child";
import { organization } from "./family";
import { generatedImage } from "./studio";

/**
 * A picture the child-safety screen stopped (decision 0038): an upload refused or a portrait
 * withheld. By default no image is kept — only its SHA-256, the scores, who and when; with
 * SAFETY_QUARANTINE_DAYS the picture is kept encrypted under the family's (or child's) storage
 * prefix for an operator's review until `quarantineUntil`. Goes with the family and the child, so
 * deleting them deletes this too; what operators did stays in `safety_audit`.
 */
export const safetyHold = pgTable(
  "safety_hold",
  {
    id: text("id").primaryKey(),
    /** "photo", "family_picture", "preview" or "portrait". */
    subject: text("subject").notNull(),
    /** "refused" (an upload) or "withheld" (a picture we made). */
    outcome: text("outcome").notNull(),
    /** "classifier" (our own check) or "provider" (the image provider's own safety flag). */
    reason: text("reason").notNull(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    childId: integer("child_id").references(() => child.id, { onDelete: "cascade" }),
    generatedImageId: text("generated_image_id").references(() => generatedImage.id, {
      onDelete: "set null",
    }),
    /** The provider's run that made a withheld picture: one hold per run, however often it settles. */
    providerRunId: text("provider_run_id"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    imageSha256: text("image_sha256"),
    scores: jsonb("scores").$type<SafetyScores>(),
    quarantineKey: text("quarantine_key"),
    quarantineUntil: timestamp("quarantine_until", { withTimezone: true }),
    /** "held", "released" (a false positive, delivered) or "confirmed" (deleted). */
    status: text("status").notNull().default("held"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** When a released picture reached the parent (the worker delivers what an operator released). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Why a released picture could not be delivered (its portrait was made again, its child is gone). */
    deliveryNote: text("delivery_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("safety_hold_status_idx").on(table.status, table.createdAt),
    index("safety_hold_family_idx").on(table.organizationId),
    uniqueIndex("safety_hold_run_idx").on(table.providerRunId).where(sql`${table.providerRunId} is not null`),
    index("safety_hold_quarantine_idx")
      .on(table.quarantineUntil)
      .where(sql`${table.quarantineKey} is not null`),
  ],
);

/**
 * Every operator action on held items and suspensions: who, what, when, why. No foreign keys, so
 * the trail outlives the family it was about; it holds ids and the operator's words, no picture.
 */
export const safetyAudit = pgTable(
  "safety_audit",
  {
    id: serial("id").primaryKey(),
    actor: text("actor").notNull(),
    /** "release", "confirm", "suspend-family" or "unsuspend-family". */
    action: text("action").notNull(),
    holdId: text("hold_id"),
    organizationId: text("organization_id"),
    reason: text("reason").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("safety_audit_created_idx").on(table.createdAt)],
);

/** A family an operator stopped from generating (after confirming a held item); goes with the family. */
export const familySuspension = pgTable("family_suspension", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  suspendedBy: text("suspended_by").notNull(),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }).notNull().defaultNow(),
});
