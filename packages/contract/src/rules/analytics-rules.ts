/**
 * Spec §3's attribution record as plain values and a plain check, without zod: the tracker reads
 * it back from local storage on every first page (decision 0036). attributionSchema (../analytics.ts)
 * is made of the same keys and limit; analytics-rules.test.ts checks that both read a record alike.
 */

export const attributionKeys = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "fbp",
  "fbc",
  "ga_client_id",
  "referrer",
] as const;

/** The longest value of one attribution field, trimmed. */
export const ATTRIBUTION_FIELD_MAX_LENGTH = 500;

export type Attribution = { [Key in (typeof attributionKeys)[number]]?: string | undefined } & {
  timestamp?: number | undefined;
};

/** A record as attributionSchema parses it (trimmed fields, unknown keys dropped), or null when it is not one. */
export function parseAttribution(value: unknown): Attribution | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const source = value as Record<string, unknown>;
  const record: Attribution = {};
  for (const key of attributionKeys) {
    const field = source[key];
    if (field === undefined) continue;
    if (typeof field !== "string") return null;
    const trimmed = field.trim();
    if (trimmed.length > ATTRIBUTION_FIELD_MAX_LENGTH) return null;
    record[key] = trimmed;
  }
  const { timestamp } = source;
  if (timestamp !== undefined) {
    if (typeof timestamp !== "number" || !Number.isSafeInteger(timestamp)) return null;
    record.timestamp = timestamp;
  }
  return record;
}
