import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * The parental consent agreement. Its version is what a parent accepts; changing the text means a
 * new version, and every parent is asked again before adding a child or uploading photos.
 */
export const CONSENT_AGREEMENT_VERSION = "2026-11-29";

export const consentErrorCodes = {
  consentRequired: "CONSENT_REQUIRED",
  consentVersionOutdated: "CONSENT_VERSION_OUTDATED",
} as const;

export const consentMessages = {
  consentRequired: "Please read and accept the parental consent agreement first.",
  consentVersionOutdated:
    "The consent agreement has changed. Please read it again and accept the new version.",
} as const;

export const consentRecordSchema = z.object({ version: z.string(), acceptedAt: z.iso.datetime() });
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** Spec §7 /user/accept-terms: the version the parent read is sent back, so we record what they saw. */
export const acceptTermsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/accept-terms",
  request: z.object({
    version: z.string().min(1).max(40),
    confirmations: z.object({
      isParentOrGuardian: z.literal(true, "Confirm that you are the child's parent or legal guardian."),
      agreesToProcessing: z.literal(true, "Agree to the processing of the photos to continue."),
    }),
  }),
  response: consentRecordSchema,
});

export function isConsentCurrent(consent: ConsentRecord | null | undefined): boolean {
  return consent?.version === CONSENT_AGREEMENT_VERSION;
}
