import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * The itemised receipt a parent gets after deleting a child, a family or their account (decision
 * 0043): what was deleted, counted, and what each provider answered. It names nobody and holds no
 * image; it is signed with a key derived from the server's auth secret so support can check a copy
 * the parent sends back (`npm run admin -- verify-receipt`). We keep no copy: a stored receipt would
 * itself be a trace of the child.
 */

export const deletionCountsSchema = z.object({
  photos: z.number().int().min(0),
  portraits: z.number().int().min(0),
  previews: z.number().int().min(0),
  printFiles: z.number().int().min(0),
  videos: z.number().int().min(0),
  /**
   * Storybook PDFs (decision 0067). Optional only so receipts issued before books existed still
   * verify (their signed copy has no such field); every receipt issued since counts them.
   */
  storybooks: z.number().int().min(0).optional(),
  /** Yearly "grow with me" series (decision 0068); optional for the same reason. */
  series: z.number().int().min(0).optional(),
  exports: z.number().int().min(0),
  shareLinks: z.number().int().min(0),
  databaseRecords: z.number().int().min(0),
});
export type DeletionCounts = z.infer<typeof deletionCountsSchema>;

/** One provider's answer to one deletion: "deleted (204)", "already gone (404)", "failed: 500, retried". */
export const providerAnswerSchema = z.object({
  provider: z.string(),
  item: z.string(),
  answer: z.string(),
});
export type ProviderAnswer = z.infer<typeof providerAnswerSchema>;

export const deletionReceiptSchema = z
  .object({
    format: z.literal("wonderkin-deletion-receipt"),
    version: z.literal(1),
    id: z.string(),
    subject: z.enum(["child", "family", "account"]),
    deletedAt: z.string(),
    counts: deletionCountsSchema,
    providers: z.array(providerAnswerSchema),
    signature: z.string(),
  })
  // A field added to a copy is a changed receipt too.
  .strict();
export type DeletionReceipt = z.infer<typeof deletionReceiptSchema>;

export const emptyCounts = (): DeletionCounts => ({
  photos: 0,
  portraits: 0,
  previews: 0,
  printFiles: 0,
  videos: 0,
  storybooks: 0,
  series: 0,
  exports: 0,
  shareLinks: 0,
  databaseRecords: 0,
});

/** What one erasure did, added up across the children, families and exports of one deletion. */
export type DeletionTally = { counts: DeletionCounts; providers: ProviderAnswer[] };

export const emptyTally = (): DeletionTally => ({ counts: emptyCounts(), providers: [] });

export function addTally(into: DeletionTally, from: DeletionTally): DeletionTally {
  for (const key of Object.keys(into.counts) as (keyof DeletionCounts)[]) {
    into.counts[key] = (into.counts[key] ?? 0) + (from.counts[key] ?? 0);
  }
  into.providers.push(...from.providers);
  return into;
}

/** Its own key, so a receipt signature can never stand in for a session or a media address. */
const receiptKey = (authSecret: string) =>
  createHmac("sha256", authSecret).update("wonderkin/deletion-receipt/v1").digest();

/** Keys sorted at every level: the signature does not depend on how a copy was re-serialised. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const sign = (authSecret: string, unsigned: Omit<DeletionReceipt, "signature">) =>
  createHmac("sha256", receiptKey(authSecret)).update(canonical(unsigned)).digest("base64url");

export function signDeletionReceipt(
  authSecret: string,
  options: { subject: DeletionReceipt["subject"]; tally: DeletionTally; now?: Date },
): DeletionReceipt {
  const unsigned = {
    format: "wonderkin-deletion-receipt" as const,
    version: 1 as const,
    id: randomUUID(),
    subject: options.subject,
    deletedAt: (options.now ?? new Date()).toISOString(),
    counts: { ...options.tally.counts },
    providers: options.tally.providers.map((entry) => ({ ...entry })),
  };
  return { ...unsigned, signature: sign(authSecret, unsigned) };
}

export const RECEIPT_BEGIN = "-----BEGIN DELETION RECEIPT-----";
export const RECEIPT_END = "-----END DELETION RECEIPT-----";

/** The receipt as it travels: one line of JSON between markers, so it survives being pasted. */
export const armouredReceipt = (receipt: DeletionReceipt) =>
  `${RECEIPT_BEGIN}\n${JSON.stringify(receipt)}\n${RECEIPT_END}`;

export type ReceiptVerification =
  | { valid: true; receipt: DeletionReceipt }
  | { valid: false; reason: string };

/**
 * Checks a receipt given as its JSON, or as any text that contains it (the whole e-mail, or the
 * armoured block): well-formed, and signed by this server with every number unchanged.
 */
export function verifyDeletionReceipt(authSecret: string, input: string): ReceiptVerification {
  const begin = input.indexOf(RECEIPT_BEGIN);
  const end = input.indexOf(RECEIPT_END);
  const body = begin >= 0 && end > begin ? input.slice(begin + RECEIPT_BEGIN.length, end) : input;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.trim());
  } catch {
    return { valid: false, reason: "This is not a deletion receipt (no JSON found)." };
  }
  const receipt = deletionReceiptSchema.safeParse(parsed);
  if (!receipt.success) return { valid: false, reason: "This is not a well-formed deletion receipt." };
  const { signature, ...unsigned } = receipt.data;
  const expected = Buffer.from(sign(authSecret, unsigned));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      valid: false,
      reason: "The signature does not match: the receipt was changed, or was not issued by this server.",
    };
  }
  return { valid: true, receipt: receipt.data };
}
