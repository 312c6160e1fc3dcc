import {
  CONSENT_AGREEMENT_VERSION,
  type ConsentRecord,
  consentErrorCodes,
  consentMessages,
} from "@wonderkin/contract";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { parentalConsent } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** The parent's newest acceptance of the consent agreement, whatever its version. */
export async function findCurrentConsent(
  db: Database,
  options: { userId: string },
): Promise<ConsentRecord | null> {
  const [row] = await db
    .select({ version: parentalConsent.version, acceptedAt: parentalConsent.acceptedAt })
    .from(parentalConsent)
    .where(eq(parentalConsent.userId, options.userId))
    .orderBy(desc(parentalConsent.acceptedAt), desc(parentalConsent.id))
    .limit(1);
  return row ? { version: row.version, acceptedAt: row.acceptedAt.toISOString() } : null;
}

/**
 * Records that the parent accepted the agreement they were shown. Only the current version can be
 * accepted: a page left open across a change must be read again.
 */
export async function acceptConsent(
  db: Database,
  options: { userId: string; version: string; ipAddress: string | null; userAgent: string | null },
): Promise<ConsentRecord> {
  if (options.version !== CONSENT_AGREEMENT_VERSION) {
    throw new AppError(409, consentErrorCodes.consentVersionOutdated, consentMessages.consentVersionOutdated);
  }
  const [row] = await db
    .insert(parentalConsent)
    .values({
      userId: options.userId,
      version: options.version,
      ipAddress: options.ipAddress,
      userAgent: options.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ version: parentalConsent.version, acceptedAt: parentalConsent.acceptedAt });
  if (!row) throw new Error("The consent was not recorded");
  return { version: row.version, acceptedAt: row.acceptedAt.toISOString() };
}

/** Refuses to go on (adding a child, accepting photos) until the parent consented to this version. */
export async function requireCurrentConsent(db: Database, options: { userId: string }): Promise<void> {
  const consent = await findCurrentConsent(db, options);
  if (!consent) throw new AppError(403, consentErrorCodes.consentRequired, consentMessages.consentRequired);
  if (consent.version !== CONSENT_AGREEMENT_VERSION) {
    throw new AppError(403, consentErrorCodes.consentVersionOutdated, consentMessages.consentVersionOutdated);
  }
}
