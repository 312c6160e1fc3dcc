import { CONSENT_AGREEMENT_VERSION, type ConsentRecord, isConsentCurrent } from "@wonderkin/contract";

/**
 * Whether the parent may go on to add a child and upload photos: they accepted this very version
 * (current), an older one (outdated: they must read the new text), or none at all (missing).
 */
export type ConsentStatus = "current" | "outdated" | "missing";

export function consentStatus(consent: ConsentRecord | null | undefined): ConsentStatus {
  if (!consent) return "missing";
  return isConsentCurrent(consent) ? "current" : "outdated";
}

/**
 * The agreement version as a date for people: "22 November 2026". A second version of one day
 * ("2026-11-25.2") shows its date alone: the parent is asked again either way.
 */
export function agreementVersionDate(version: string = CONSENT_AGREEMENT_VERSION): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:\.\d+)?$/.exec(version);
  if (!match) return version;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}
