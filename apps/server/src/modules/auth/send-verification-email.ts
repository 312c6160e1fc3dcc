import { authErrorCodes } from "@wonderkin/contract";
import { sql } from "drizzle-orm";
import { verificationEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { emailSendPolicy, requireEmailSendAllowance } from "../mail/reserve-email-send";
import { issueEmailToken, lastEmailTokenIssuedAt } from "./email-tokens";
import type { IdentityDeps } from "./identity-deps";

/** A parent asking again within this time gets told to wait: the first mail is usually on its way. */
export const RESEND_PAUSE_MS = 60_000;

export async function sendVerificationEmail(
  deps: Pick<IdentityDeps, "db" | "mailer" | "env">,
  options: {
    userId: string;
    email: string;
    firstName: string;
    emailVerified: boolean;
    /** Whose request this e-mail counts against (decision 0042), or already counted by the caller. */
    sendLimit: { ipAddress: string | null } | "counted-by-caller";
    now?: Date;
  },
): Promise<{ email: string }> {
  const now = options.now ?? new Date();
  if (options.emailVerified) {
    throw new AppError(409, authErrorCodes.alreadyVerified, "Your e-mail address is already verified.");
  }
  // The pause is decided and the new link written under one lock per account, so links asked for
  // at once cannot all pass it (decision 0042); the e-mail limits count inside the same transaction.
  const token = await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`verify-email:${options.userId}`}, 0))`,
    );
    const last = await lastEmailTokenIssuedAt(tx, { userId: options.userId, purpose: "verify-email" });
    if (last && now.getTime() - last.getTime() < RESEND_PAUSE_MS) {
      throw new AppError(
        429,
        authErrorCodes.verificationEmailThrottled,
        "We sent you an e-mail moments ago. Please wait a minute before asking for another.",
      );
    }
    if (options.sendLimit !== "counted-by-caller") {
      await requireEmailSendAllowance(tx, {
        recipient: options.email,
        ipAddress: options.sendLimit.ipAddress,
        policy: emailSendPolicy(deps.env),
      });
    }
    return issueEmailToken(tx, {
      userId: options.userId,
      email: options.email,
      purpose: "verify-email",
      now,
    });
  });
  const url = `${deps.env.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: options.email,
    kind: "email-verification",
    link: url,
    ...verificationEmail({ appName: deps.env.APP_NAME, firstName: options.firstName, url }),
  });
  return { email: options.email };
}
