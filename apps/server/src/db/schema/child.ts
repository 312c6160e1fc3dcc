import type { ChildGender, FaceBox } from "@wonderkin/contract";
import { boolean, date, index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { bytea } from "./bytea";
import { organization } from "./family";

/**
 * A child belongs to a family. The id is a positive integer (spec §2 routes); the trigger word is
 * the unique token the child's image model is trained on. Deleting the family deletes its children.
 */
export const child = pgTable(
  "child",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    gender: text("gender").$type<ChildGender>().notNull(),
    /** Either the birth date, or an age as told on a given day (the age then grows with time). */
    birthDate: date("birth_date", { mode: "string" }),
    age: integer("age"),
    ageRecordedOn: date("age_recorded_on", { mode: "string" }),
    triggerWord: text("trigger_word").notNull().unique(),
    /** null (never trained), started, completed or failed (spec §4). */
    trainingStatus: text("training_status"),
    trainingFailureReason: text("training_failure_reason"),
    /** 0–100 while started. */
    trainingProgress: integer("training_progress").notNull().default(0),
    /** The provider's training run, once it has one (webhooks and the reconciler find it by this). */
    trainingProviderId: text("training_provider_id").unique(),
    /** The trained model to generate with (provider-specific reference). */
    modelVersion: text("model_version"),
    trainingStartedByUserId: text("training_started_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    trainingStartedAt: timestamp("training_started_at", { withTimezone: true }),
    trainingCompletedAt: timestamp("training_completed_at", { withTimezone: true }),
    /**
     * The child's reference face, fixed when training starts: the descriptor (128 float32) of the
     * photo most typical of the trained set. Every portrait is compared with it. Biometric data:
     * only here, deleted with the child.
     */
    referenceDescriptor: bytea("reference_descriptor"),
    /** A parent asked for the free previews to come with the "studio ready" e-mail. */
    previewsByEmail: boolean("previews_by_email").notNull().default(false),
    /**
     * When the "studio ready" e-mail went to the parent who started the training: once per training,
     * after it completed and (when previews come by e-mail) every preview has settled.
     */
    studioAnnouncedAt: timestamp("studio_announced_at", { withTimezone: true }),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("child_organization_idx").on(table.organizationId)],
);

/**
 * A training photo of a child, as we keep it: normalised (oriented, metadata stripped, re-encoded)
 * plus a thumbnail, both in the storage port under the keys below. Never served publicly.
 */
export const childPhoto = pgTable(
  "child_photo",
  {
    id: text("id").primaryKey(),
    childId: integer("child_id")
      .notNull()
      .references(() => child.id, { onDelete: "cascade" }),
    uploadedByUserId: text("uploaded_by_user_id").references(() => user.id, { onDelete: "set null" }),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** A 64-bit perceptual hash (hex): near-identical photos of one child are refused as duplicates. */
    perceptualHash: text("perceptual_hash").notNull(),
    /** Variance of the Laplacian of the grey image: low means blurry. */
    sharpness: integer("sharpness").notNull(),
    blurry: boolean("blurry").notNull(),
    faceCount: integer("face_count"),
    /**
     * The face check's findings (null when FACE_DETECTION=off): the face descriptor (128 float32,
     * biometric data, kept only in this row and deleted with it), the estimated age (never shown),
     * and what ranks the photo: the face's share of the picture, how frontal it is, how open the
     * eyes are, and how many smaller faces (passers-by) are in it too.
     */
    faceDescriptor: bytea("face_descriptor"),
    estimatedAge: real("estimated_age"),
    faceShare: real("face_share"),
    frontality: real("frontality"),
    eyeOpenness: real("eye_openness"),
    nearbyFaces: integer("nearby_faces"),
    /**
     * A 64-bit perceptual hash (hex) of the square around the face (image-work/photos/face-hash.ts):
     * with the descriptor, it recognises a turned, mirrored, cropped or re-lit copy of a photo
     * already in the set (decision 0055). Null when FACE_DETECTION=off.
     */
    faceHash: text("face_hash"),
    /**
     * Where the child's face is in the stored photo, as fractions of its size (the page outlines
     * it). In a photo kept from a group, the only face left unblurred. Null without face checks.
     */
    faceBox: jsonb("face_box").$type<FaceBox>(),
    /** The parent confirmed that a photo which looks like an adult is their child. */
    keptDespiteAge: boolean("kept_despite_age").notNull().default(false),
    originalName: text("original_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("child_photo_child_idx").on(table.childId, table.createdAt)],
);
