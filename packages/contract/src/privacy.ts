import { z } from "zod";
import { childIdSchema } from "./child";
import { defineEndpoint } from "./endpoint";

/**
 * Children's privacy (issue 9): deletion that really deletes, and a parent's data export. The
 * retention numbers shown in the privacy policy come from `/api/config` (`retention`), the same
 * configuration the retention jobs enforce.
 */

/** Deletes one child of the family and everything of it (photos, portraits, model, rows). */
export const deleteChildEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/delete",
  family: { permission: { resource: "child", action: "delete" } },
  request: z.object({
    childId: childIdSchema,
    /** The child's first name, typed by the parent to confirm. */
    confirmName: z.string().max(100),
  }),
  response: z.object({ deleted: z.literal(true) }),
});

/**
 * Deletes the signed-in parent's account. Re-authentication: the current password for accounts
 * that have one; otherwise a sign-in within the last `REAUTH_WINDOW_MINUTES`.
 */
export const REAUTH_WINDOW_MINUTES = 10;
export const deleteAccountEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/delete",
  request: z.object({
    password: z.string().max(200).optional(),
    /** The parent's e-mail address, typed to confirm. */
    confirmEmail: z.string().max(320),
  }),
  response: z.object({ deleted: z.literal(true) }),
});

export const dataExportStatuses = ["pending", "ready", "failed", "expired"] as const;
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(dataExportStatuses),
  /** 0–100 while pending. */
  progress: z.number().int().min(0).max(100),
  /** A signed address that expires; null unless ready. */
  url: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** Asks for a zip of everything about the parent; a job prepares it and e-mails the link. */
export const requestDataExportEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/export",
  request: z.object({}).optional(),
  response: dataExportSchema,
});

/** The parent's newest export, or null. */
export const dataExportStatusEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/export/status",
  request: z.object({}).optional(),
  response: dataExportSchema.nullable(),
});

export const privacyErrorCodes = {
  confirmationMismatch: "CONFIRMATION_MISMATCH",
  reauthenticationRequired: "REAUTHENTICATION_REQUIRED",
  wrongPassword: "WRONG_PASSWORD",
  exportInProgress: "EXPORT_IN_PROGRESS",
  exportGone: "EXPORT_GONE",
} as const;

export const privacyMessages = {
  childConfirmationMismatch: "Type your child's first name exactly as shown to confirm.",
  accountConfirmationMismatch: "Type your e-mail address exactly as shown to confirm.",
  reauthenticationRequired: `For your safety, sign in again (within the last ${REAUTH_WINDOW_MINUTES} minutes) before deleting your account.`,
  passwordRequired: "Enter your current password to confirm it's you.",
  wrongPassword: "That password isn't right.",
  exportInProgress: "Your export is already being prepared. We'll e-mail you when it's ready.",
  exportGone:
    "This export no longer exists: it expired, or data in it was deleted. Ask for a new one on your account page.",
} as const;
