import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { and, eq, ne } from "drizzle-orm";
import { user } from "../../db/schema";
import { emailChangedEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { recordAnalyticsEvent } from "../analytics/record-event";
import { consumeEmailToken, issueEmailToken, REVERT_EMAIL_TOKEN_TTL_MS } from "./email-tokens";
import type { IdentityDeps } from "./identity-deps";
import { secureAccount } from "./secure-account";

const invalidLink = () =>
  new AppError(400, authErrorCodes.verificationLinkInvalid, "This link has expired or was already used.");

/**
 * Completes a link from a verification or change-of-address e-mail. A verification link only counts
 * for the address it was sent to; a change link moves the account to the new, now proven, address
 * and tells the old address, with a link back ("this wasn't me") that secures the account
 * (secure-account.ts) and is answered with `secured`.
 */
export async function verifyEmailToken(
  deps: Pick<IdentityDeps, "db" | "mailer" | "env" | "auth">,
  options: { token: string; now?: Date },
): Promise<{ email: string; userId: string; secured?: true }> {
  const consumed = await consumeEmailToken(deps.db, options);
  if (!consumed) throw invalidLink();
  const [account] = await deps.db.select().from(user).where(eq(user.id, consumed.userId));
  if (!account) throw invalidLink();

  if (consumed.purpose === "verify-email") {
    if (account.email !== consumed.email) throw invalidLink();
    await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
    await recordAnalyticsEvent(deps.db, { userId: account.id, name: "email_verified", once: true });
    return { email: account.email, userId: account.id };
  }

  if (consumed.purpose === "revert-email") {
    const { email } = await secureAccount(deps, { userId: account.id, email: consumed.email });
    return { email, userId: account.id, secured: true };
  }

  const [taken] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, consumed.email), ne(user.id, account.id)));
  if (taken) throw new AppError(409, authErrorCodes.emailInUse, authMessages.emailInUse);
  await deps.db
    .update(user)
    .set({ email: consumed.email, emailVerified: true })
    .where(eq(user.id, account.id));
  // The old address may be the only one the real owner still reads: it gets the way back.
  const revertToken = await issueEmailToken(deps.db, {
    userId: account.id,
    email: account.email,
    purpose: "revert-email",
    ttlMs: REVERT_EMAIL_TOKEN_TTL_MS,
    ...(options.now ? { now: options.now } : {}),
  });
  const secureUrl = `${deps.env.publicUrl}/verify-email?token=${encodeURIComponent(revertToken)}`;
  await deps.mailer.send({
    to: account.email,
    kind: "email-changed",
    link: secureUrl,
    ...emailChangedEmail({
      appName: deps.env.APP_NAME,
      firstName: account.firstName,
      newEmail: consumed.email,
      secureUrl,
      validFor: `${REVERT_EMAIL_TOKEN_TTL_MS / 86_400_000} days`,
    }),
  });
  return { email: consumed.email, userId: account.id };
}
