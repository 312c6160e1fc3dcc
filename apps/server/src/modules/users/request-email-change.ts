import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import { account, user } from "../../db/schema";
import { emailChangeEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { issueEmailToken } from "../auth/email-tokens";
import type { IdentityDeps } from "../auth/identity-deps";
import { emailSendPolicy, requireEmailSendAllowance } from "../mail/reserve-email-send";
import { findUserRow } from "./get-user-record";

/**
 * Starts a change of e-mail address: the current password proves it is the parent, and the change
 * happens only when they click the link sent to the new address (verify-email-token.ts).
 */
export async function requestEmailChange(
  deps: Pick<IdentityDeps, "db" | "mailer" | "env" | "checkPassword">,
  options: { userId: string; newEmail: string; currentPassword: string; ipAddress: string | null },
): Promise<{ email: string }> {
  const current = await findUserRow(deps.db, options.userId);
  if (current.email === options.newEmail) {
    throw new AppError(400, "EMAIL_UNCHANGED", "That is already your e-mail address.");
  }
  const [credential] = await deps.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, options.userId), eq(account.providerId, "credential")));
  if (!credential?.password) {
    throw new AppError(
      400,
      "PASSWORD_NOT_SET",
      "Your account has no password yet. Set one with “Forgot password?” on the sign-in page first.",
    );
  }
  if (!(await deps.checkPassword({ hash: credential.password, password: options.currentPassword }))) {
    throw new AppError(400, authErrorCodes.wrongPassword, authMessages.wrongPassword, [
      { path: "body.currentPassword", message: authMessages.wrongPassword },
    ]);
  }
  const [taken] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, options.newEmail));
  if (taken) throw new AppError(409, authErrorCodes.emailInUse, authMessages.emailInUse);
  await requireEmailSendAllowance(deps.db, {
    recipient: options.newEmail,
    ipAddress: options.ipAddress,
    policy: emailSendPolicy(deps.env),
  });

  const token = await issueEmailToken(deps.db, {
    userId: options.userId,
    email: options.newEmail,
    purpose: "change-email",
  });
  const url = `${deps.env.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: options.newEmail,
    kind: "email-change",
    link: url,
    ...emailChangeEmail({
      appName: deps.env.APP_NAME,
      firstName: current.firstName,
      newEmail: options.newEmail,
      url,
    }),
  });
  return { email: options.newEmail };
}
