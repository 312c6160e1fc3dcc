import type { Env } from "../../config/env";
import { passwordChangedEmail } from "../../emails";
import type { Mailer } from "../../providers/mailer/mailer";

/** Where "this wasn't me" leads: the page that sends a reset link to the account's own address. */
export const resetPasswordPath = "/reset-password";

/**
 * Tells a parent their password changed (while signed in, or through a reset link). Better Auth
 * calls it after the new password is stored, once per change; the change stands even when the mail
 * server does not answer, so a failure is reported rather than thrown.
 */
export async function sendPasswordChangedEmail(
  deps: {
    mailer: Mailer;
    env: Pick<Env, "APP_NAME" | "publicUrl">;
    logger?: { warn(obj: object, msg: string): void };
  },
  options: { email: string; firstName: string; how: "changed" | "reset"; now?: Date },
): Promise<{ sent: boolean }> {
  const resetUrl = `${deps.env.publicUrl}${resetPasswordPath}`;
  try {
    await deps.mailer.send({
      to: options.email,
      kind: "password-changed",
      link: resetUrl,
      ...passwordChangedEmail({
        appName: deps.env.APP_NAME,
        firstName: options.firstName,
        how: options.how,
        changedAt: options.now ?? new Date(),
        resetUrl,
      }),
    });
    return { sent: true };
  } catch (error) {
    deps.logger?.warn({ err: error, kind: "password-changed" }, "password-changed e-mail not sent");
    return { sent: false };
  }
}
