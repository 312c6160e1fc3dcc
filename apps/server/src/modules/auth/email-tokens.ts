import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailToken } from "../../db/schema";
import { createUrlToken, hashToken } from "../../lib/tokens";

export type EmailTokenPurpose = "verify-email" | "change-email" | "revert-email";

/** Verification links live 24 hours (the accounts issue's security bar). */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * "This wasn't me" links (to the old address after a change) live a week: the owner of a taken-over
 * account may not read that mailbox every day, and only that mailbox ever gets the link.
 */
export const REVERT_EMAIL_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Issues a single-use token for `email`; only its hash is stored. */
export async function issueEmailToken(
  db: Database,
  options: { userId: string; email: string; purpose: EmailTokenPurpose; ttlMs?: number; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const token = createUrlToken();
  // Expired tokens of this user are of no use to anyone: drop them while we are here.
  await db
    .delete(emailToken)
    .where(and(eq(emailToken.userId, options.userId), lt(emailToken.expiresAt, now)));
  await db.insert(emailToken).values({
    tokenHash: hashToken(token),
    userId: options.userId,
    email: options.email,
    purpose: options.purpose,
    expiresAt: new Date(now.getTime() + (options.ttlMs ?? EMAIL_TOKEN_TTL_MS)),
    createdAt: now,
  });
  return token;
}

export type ConsumedEmailToken = { userId: string; email: string; purpose: EmailTokenPurpose };

/**
 * Uses a token: deleting it and reading it are one statement, so two clicks on the same link can
 * never both succeed. Unknown, used and expired tokens all come back as null.
 */
export async function consumeEmailToken(
  db: Database,
  options: { token: string; now?: Date },
): Promise<ConsumedEmailToken | null> {
  const [row] = await db
    .delete(emailToken)
    .where(eq(emailToken.tokenHash, hashToken(options.token)))
    .returning({
      userId: emailToken.userId,
      email: emailToken.email,
      purpose: emailToken.purpose,
      expiresAt: emailToken.expiresAt,
    });
  if (!row || row.expiresAt.getTime() <= (options.now ?? new Date()).getTime()) return null;
  return { userId: row.userId, email: row.email, purpose: row.purpose };
}

/** When the newest token of this purpose was issued to the user, to pace resends. */
export async function lastEmailTokenIssuedAt(
  db: Database,
  options: { userId: string; purpose: EmailTokenPurpose },
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: emailToken.createdAt })
    .from(emailToken)
    .where(and(eq(emailToken.userId, options.userId), eq(emailToken.purpose, options.purpose)))
    .orderBy(desc(emailToken.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}
