import { z } from "zod";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";

/** Operations endpoints, present only when ADMIN_API_TOKEN is configured (bearer auth with it). */
export const setUserDisabledEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/users/set-disabled",
  request: z.object({ email: emailSchema, disabled: z.boolean() }),
  response: z.object({ email: z.string(), disabled: z.boolean(), sessionsEnded: z.number().int() }),
});

/** A support adjustment of a parent's credits (a goodwill gift, a correction); recorded in the ledger. */
export const adjustCreditsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/credits/adjust",
  request: z.object({
    email: emailSchema,
    delta: z
      .number()
      .int()
      .min(-100_000)
      .max(100_000)
      .refine((value) => value !== 0, "Give a non-zero amount."),
    note: z.string().trim().min(1).max(200),
  }),
  response: z.object({ email: z.string(), totalCredits: z.number().int() }),
});

/** The child-safety screen's held items (decision 0038): what an operator reviews. */
export const safetySubjectSchema = z.enum(["photo", "family_picture", "preview", "portrait"]);
export const safetyHoldStatusSchema = z.enum(["held", "released", "confirmed"]);
const operatorSchema = z.string().trim().min(1).max(100);
const operatorReasonSchema = z.string().trim().min(1).max(500);

export const safetyHoldSchema = z.object({
  id: z.string(),
  subject: safetySubjectSchema,
  outcome: z.enum(["refused", "withheld"]),
  reason: z.enum(["classifier", "provider"]),
  familyId: z.string(),
  childId: z.number().int().nullable(),
  portraitId: z.string().nullable(),
  userId: z.string().nullable(),
  imageSha256: z.string().nullable(),
  scores: z.record(z.string(), z.number()).nullable(),
  /** Whether the picture itself was kept (SAFETY_QUARANTINE_DAYS), and until when. */
  imageKept: z.boolean(),
  quarantineUntil: z.iso.datetime().nullable(),
  status: safetyHoldStatusSchema,
  decidedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  deliveryNote: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SafetyHold = z.infer<typeof safetyHoldSchema>;

export const listSafetyHoldsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/safety/holds",
  request: z
    .object({
      status: safetyHoldStatusSchema.optional(),
      limit: z.number().int().min(1).max(500).optional(),
    })
    .optional(),
  response: z.object({ holds: z.array(safetyHoldSchema) }),
});

/** A false positive: the picture is delivered to the family (by the worker, within a minute). */
export const releaseSafetyHoldEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/safety/holds/release",
  request: z.object({
    holdId: z.string().min(1).max(64),
    operator: operatorSchema,
    reason: operatorReasonSchema,
  }),
  response: z.object({ hold: safetyHoldSchema }),
});

/** A true positive: any kept picture is deleted; optionally the family may no longer generate. */
export const confirmSafetyHoldEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/safety/holds/confirm",
  request: z.object({
    holdId: z.string().min(1).max(64),
    operator: operatorSchema,
    reason: operatorReasonSchema,
    suspendFamily: z.boolean().optional(),
  }),
  response: z.object({ hold: safetyHoldSchema, familySuspended: z.boolean() }),
});

/** A kept picture, decrypted, for review or preservation (recorded in the audit log as "view"). */
export const viewSafetyHoldEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/safety/holds/picture",
  request: z.object({
    holdId: z.string().min(1).max(64),
    operator: operatorSchema,
    reason: operatorReasonSchema,
  }),
  response: z.object({ holdId: z.string(), pictureBase64: z.string() }),
});

export const setFamilySuspendedEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/families/set-suspended",
  request: z.object({
    familyId: z.string().min(1).max(64),
    suspended: z.boolean(),
    operator: operatorSchema,
    reason: operatorReasonSchema,
  }),
  response: z.object({ familyId: z.string(), suspended: z.boolean() }),
});

export const safetyAuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  holdId: z.string().nullable(),
  familyId: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
});

export const listSafetyAuditEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/safety/audit-log",
  request: z.object({ limit: z.number().int().min(1).max(500).optional() }).optional(),
  response: z.object({ entries: z.array(safetyAuditEntrySchema) }),
});

export const safetyErrorCodes = {
  holdNotFound: "HOLD_NOT_FOUND",
  holdAlreadyDecided: "HOLD_ALREADY_DECIDED",
  holdHasNoImage: "HOLD_HAS_NO_IMAGE",
  familyNotFound: "FAMILY_NOT_FOUND",
} as const;
