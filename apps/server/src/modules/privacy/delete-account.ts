import {
  authErrorCodes,
  authMessages,
  privacyErrorCodes,
  privacyMessages,
  REAUTH_WINDOW_MINUTES,
} from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import { account } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { releaseSignInAttempt, reserveSignInAttempt, signInThrottlePolicy } from "../auth/sign-in-throttle";
import { findUserRow } from "../users/get-user-record";
import { sameConfirmation } from "./delete-child";
import { eraseAccount } from "./erase-account";
import type { PrivacyDeps } from "./privacy-deps";

const reauthenticationRequired = (message: string) =>
  new AppError(401, privacyErrorCodes.reauthenticationRequired, message);

/**
 * Proves it is the parent at the keyboard before an irreversible step: the current password when
 * the account has one (guesses count towards the sign-in throttle), otherwise a sign-in within the
 * last REAUTH_WINDOW_MINUTES (e-mail link, Google or Facebook sign in afresh).
 */
async function requireReauthentication(
  deps: PrivacyDeps,
  options: {
    userId: string;
    email: string;
    password?: string | undefined;
    sessionCreatedAt: Date;
    ipAddress: string | null;
    now: Date;
  },
): Promise<void> {
  const [credential] = await deps.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, options.userId), eq(account.providerId, "credential")));
  if (credential?.password) {
    if (!options.password) throw reauthenticationRequired(privacyMessages.passwordRequired);
    const { decision, attemptId } = await reserveSignInAttempt(deps.db, {
      email: options.email,
      ipAddress: options.ipAddress,
      policy: signInThrottlePolicy(deps.env),
      now: options.now,
    });
    // Signed in already, the parent has no use for an e-mail link here: both limits simply refuse.
    if (decision.kind !== "allowed") {
      throw new AppError(429, authErrorCodes.tooManyAttempts, authMessages.tooManyRequests, undefined, {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
    // The attempt was counted as a failure before the check (so parallel guesses cannot outrun the
    // throttle); the right password gives it back.
    if (await deps.checkPassword({ hash: credential.password, password: options.password })) {
      if (attemptId !== null) await releaseSignInAttempt(deps.db, { attemptId });
    } else {
      throw new AppError(400, privacyErrorCodes.wrongPassword, privacyMessages.wrongPassword, [
        { path: "body.password", message: privacyMessages.wrongPassword },
      ]);
    }
    return;
  }
  const age = options.now.getTime() - options.sessionCreatedAt.getTime();
  if (age > REAUTH_WINDOW_MINUTES * 60_000) {
    throw reauthenticationRequired(privacyMessages.reauthenticationRequired);
  }
}

/**
 * /user/delete: the parent deletes their own account, after typing its e-mail address and
 * re-authenticating. Everything else is eraseAccount's.
 */
export async function deleteAccount(
  deps: PrivacyDeps,
  options: {
    userId: string;
    sessionCreatedAt: Date;
    confirmEmail: string;
    password?: string | undefined;
    ipAddress: string | null;
    now?: Date;
  },
): Promise<{ deleted: true }> {
  const row = await findUserRow(deps.db, options.userId);
  if (!sameConfirmation(options.confirmEmail, row.email)) {
    throw new AppError(
      400,
      privacyErrorCodes.confirmationMismatch,
      privacyMessages.accountConfirmationMismatch,
      [{ path: "body.confirmEmail", message: privacyMessages.accountConfirmationMismatch }],
    );
  }
  await requireReauthentication(deps, {
    userId: row.id,
    email: row.email,
    password: options.password,
    sessionCreatedAt: options.sessionCreatedAt,
    ipAddress: options.ipAddress,
    now: options.now ?? new Date(),
  });
  await eraseAccount(deps, { userId: row.id, reason: "requested" });
  return { deleted: true };
}
