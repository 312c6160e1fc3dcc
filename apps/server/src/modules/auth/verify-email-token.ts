import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { and, eq, ne } from "drizzle-orm";
import { user } from "../../db/schema";
import { accountNoticeEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { recordAnalyticsEvent } from "../analytics/record-event";
import { consumeEmailToken } from "./email-tokens";
import type { IdentityDeps } from "./identity-deps";

const invalidLink = () =>
  new AppError(400, authErrorCodes.verificationLinkInvalid, "This link has expired or was already used.");

/**
 * Completes a link from a verification or change-of-address e-mail. A verification link only counts
 * for the address it was sent to; a change link moves the account to the new, now proven, address
 * and tells the old address.
 */
export async function verifyEmailToken(
  deps: Pick<IdentityDeps, "db" | "mailer" | "env">,
  options: { token: string; now?: Date },
): Promise<{ email: string; userId: string }> {
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

  const [taken] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, consumed.email), ne(user.id, account.id)));
  if (taken) throw new AppError(409, authErrorCodes.emailInUse, authMessages.emailInUse);
  await deps.db
    .update(user)
    .set({ email: consumed.email, emailVerified: true })
    .where(eq(user.id, account.id));
  await deps.mailer.send({
    to: account.email,
    kind: "account-notice",
    ...accountNoticeEmail({
      appName: deps.env.APP_NAME,
      firstName: account.firstName,
      title: "Your e-mail address was changed",
      body: `Your ${deps.env.APP_NAME} account now uses ${consumed.email}. If you did not make this change, reply to this e-mail straight away.`,
    }),
  });
  return { email: consumed.email, userId: account.id };
}
