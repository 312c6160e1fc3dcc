import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { child } from "./child";
import { organization } from "./family";

/**
 * A portrait: asked for (pending, its credit already spent), rendering at the provider
 * (processing), kept in our storage (succeeded) or failed (its credit refunded). Deleting the
 * child deletes its portraits.
 */
export const generatedImage = pgTable(
  "generated_image",
  {
    id: text("id").primaryKey(),
    /**
     * "portrait" (made with the child's trained model, for credits) or "preview" (made free from a
     * few of the child's photos by the reference-image model while the model trains; watermarked
     * "Preview"). Both live, list, delete and export alike.
     */
    kind: text("kind").notNull().default("portrait"),
    childId: integer("child_id")
      .notNull()
      .references(() => child.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    requestedByUserId: text("requested_by_user_id").references(() => user.id, { onDelete: "set null" }),
    styleId: text("style_id").notNull(),
    prompt: text("prompt").notNull(),
    seed: integer("seed").notNull(),
    status: text("status").notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    providerPredictionId: text("provider_prediction_id").unique(),
    /** The ledger reference of the credit it cost; its refund uses `refund:{id}`. */
    creditReference: text("credit_reference").notNull(),
    creditCost: integer("credit_cost").notNull(),
    watermarked: boolean("watermarked").notNull(),
    storageKey: text("storage_key"),
    thumbnailKey: text("thumbnail_key"),
    printKey: text("print_key"),
    width: integer("width"),
    height: integer("height"),
    error: text("error"),
    errorEmailedAt: timestamp("error_emailed_at", { withTimezone: true }),
    regeneratedFromId: text("regenerated_from_id"),
    /**
     * The likeness check against the child's reference face: null (not checked: no face checks,
     * or not finished), "passed", or "unlike" (failed twice and refunded). `likenessRetried` is set
     * when the first render looked unlike and was made again, free, with a new seed.
     */
    likeness: text("likeness"),
    likenessDistance: real("likeness_distance"),
    likenessRetried: boolean("likeness_retried").notNull().default(false),
    /**
     * The child-safety screen (decision 0038): null (not screened: screening off, or not finished),
     * "passed", "withheld" (failed it, or the provider flagged it; never stored or shown) or
     * "released" (an operator found the hold a false positive and the picture was delivered).
     * `likenessRetried` also marks the one free second render an unsafe first render gets.
     */
    safety: text("safety"),
    /**
     * Its render job's pg-boss priority (higher first): minus the family's portraits already
     * waiting when it was asked for, plus a boost for regenerations and first portraits. So every
     * family's next portrait goes before anyone's backlog, and the queue position can be counted.
     */
    queuePriority: integer("queue_priority").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The first print file made of it, and by whom: prints count against that parent's monthly allowance. */
    printedAt: timestamp("printed_at", { withTimezone: true }),
    printedByUserId: text("printed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * What paid for that first print file: `plan` (the month's allowance; null on rows printed
     * before add-ons existed counts as plan) or `add-on` (a file bought with Ready to print).
     */
    printSource: text("print_source"),
    /** Marked a favourite by a parent of the family (the family shares one gallery, so one mark). */
    favouriteAt: timestamp("favourite_at", { withTimezone: true }),
  },
  (table) => [
    index("generated_image_child_idx").on(table.childId, table.createdAt),
    index("generated_image_status_idx").on(table.status, table.createdAt),
    index("generated_image_waiting_idx")
      .on(table.queuePriority, table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.startedAt} is null`),
  ],
);

/**
 * One free preview set made for a child (decision 0029): which photos it was made from (so a second
 * set is allowed only after the set changed substantially) and when (sets are counted per family
 * per month). It outlives the child (`child_id` set null) so deleting and re-adding a child does
 * not reset the family's monthly count; it goes with the family.
 */
export const previewSet = pgTable(
  "preview_set",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    childId: integer("child_id").references(() => child.id, { onDelete: "set null" }),
    photoIds: jsonb("photo_ids").$type<string[]>().notNull(),
    /** How many of its previews were swapped for another style (at most as many as it has). */
    swaps: integer("swaps").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("preview_set_child_idx").on(table.childId),
    index("preview_set_family_idx").on(table.organizationId, table.createdAt),
  ],
);

/**
 * A parent has seen the studio's intro for a child: it shows once per child and parent, whatever
 * the browser or how often they sign in. Goes with the child and with the parent.
 */
export const studioIntroSeen = pgTable(
  "studio_intro_seen",
  {
    childId: integer("child_id")
      .notNull()
      .references(() => child.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.childId, table.userId] })],
);

/**
 * A private link to one finished portrait, opted into by a parent: the token is the unguessable
 * part of the address (256 random bits), the link works until it expires or is revoked, and the
 * page it opens shows only the picture. At most one live link per portrait, so "Copy link" again
 * gives the same address. Goes with the portrait (and so with the child and the family).
 */
export const portraitShare = pgTable(
  "portrait_share",
  {
    token: text("token").primaryKey(),
    imageId: text("image_id")
      .notNull()
      .references(() => generatedImage.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** What the parent wrote under the picture on the public page (the only name it can show). */
    caption: text("caption"),
  },
  (table) => [
    uniqueIndex("portrait_share_live_idx").on(table.imageId).where(sql`${table.revokedAt} is null`),
  ],
);
