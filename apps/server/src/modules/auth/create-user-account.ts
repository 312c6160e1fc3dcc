import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAnalyticsEvent } from "../analytics/record-event";
import { emailSendPolicy, requireEmailSendAllowance } from "../mail/reserve-email-send";
import type { IdentityDeps } from "./identity-deps";
import { sendVerificationEmail } from "./send-verification-email";

const emailInUse = () => new AppError(409, authErrorCodes.emailInUse, authMessages.emailInUse);

/**
 * createUserInFirebaseAndDb of spec §7: creates the account (and, through Better Auth's hook, the
 * parent's personal family) and sends the verification e-mail. The web app signs in next.
 * The spec wants "already in use" said out loud, so existence is checked here (Better Auth
 * deliberately answers duplicates with a look-alike success).
 */
export async function createUserAccount(
  deps: IdentityDeps,
  options: { firstName: string; email: string; password: string; headers: Headers; ipAddress: string | null },
): Promise<{ userId: string }> {
  const findId = async () =>
    (await deps.db.select({ id: user.id }).from(user).where(eq(user.email, options.email)))[0]?.id;
  if (await findId()) throw emailInUse();
  // The verification e-mail is counted before the account exists: a client over its limit creates
  // nothing (decision 0042).
  await requireEmailSendAllowance(deps.db, {
    recipient: options.email,
    ipAddress: options.ipAddress,
    policy: emailSendPolicy(deps.env),
  });

  let createdId: string;
  try {
    const result = await deps.auth.api.signUpEmail({
      body: {
        email: options.email,
        password: options.password,
        name: options.firstName,
        firstName: options.firstName,
      },
      headers: options.headers,
    });
    createdId = result.user.id;
  } catch (error) {
    if (isAPIError(error)) {
      const code = error.body?.code;
      if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || code === "USER_ALREADY_EXISTS")
        throw emailInUse();
      throw new AppError(
        error.statusCode >= 500 ? 500 : 400,
        code ?? "SIGN_UP_FAILED",
        error.message || authMessages.createUserFailed,
      );
    }
    throw error;
  }
  // A concurrent sign-up with the same address wins the unique constraint; Better Auth then
  // answers with a look-alike user that was never stored.
  if ((await findId()) !== createdId) throw emailInUse();

  await recordAnalyticsEvent(deps.db, {
    userId: createdId,
    name: "signup",
    properties: { method: "email" },
    once: true,
  });
  await sendVerificationEmail(deps, {
    userId: createdId,
    email: options.email,
    firstName: options.firstName,
    emailVerified: false,
    sendLimit: "counted-by-caller",
  });
  return { userId: createdId };
}
