import { authErrorCodes, authMessages, type SignInMethod } from "@wonderkin/contract";
import { describeSignInMethods } from "./describe-sign-in-methods";
import { tooManyAttemptsMessage } from "./throttled-sign-in";

/**
 * What a failed sign-in told us: an HTTP status and a stable code, either possibly missing, and
 * when a throttled client may try again.
 */
export type SignInFailure = {
  status?: number | undefined;
  code?: string | undefined;
  retryAfterSeconds?: number | undefined;
};

/** Better Auth answers both an unknown address and a wrong password with this one code. */
export const ambiguousCredentialsCode = "INVALID_EMAIL_OR_PASSWORD";

/**
 * True when the message depends on whether the address has an account, which only the sign-in
 * methods lookup can tell (Better Auth deliberately does not).
 */
export function needsSignInMethods(failure: SignInFailure): boolean {
  return failure.code === ambiguousCredentialsCode;
}

/**
 * The message of spec §8 for a failed e-mail and password sign-in. `methods` is the lookup's answer
 * for the address when `needsSignInMethods` asked for it, and undefined when the lookup failed.
 */
export function signInErrorMessage(failure: SignInFailure, methods?: readonly SignInMethod[]): string {
  const { status, code } = failure;
  if (code === authErrorCodes.invalidEmail) return authMessages.invalidEmail;
  // The account's password sign-in is paused after failures from everywhere; the link still works.
  if (code === authErrorCodes.emailLinkRequired) return authMessages.emailLinkRequired;
  if (status === 429 || code === authErrorCodes.tooManyAttempts)
    return tooManyAttemptsMessage(failure.retryAfterSeconds);
  if (code === authErrorCodes.accountDisabled) return authMessages.accountDisabled;
  if (code === ambiguousCredentialsCode && methods) {
    if (methods.length === 0) return authMessages.emailNotRegistered;
    // An account that never had a password (Google, Facebook, e-mail link) is not a typo: say how
    // this person does sign in instead of calling their password wrong.
    if (!methods.includes("password"))
      return authMessages.accountExistsWithMethods(describeSignInMethods(methods));
    return authMessages.wrongPassword;
  }
  return authMessages.signInFailed;
}

/** Better Auth's OAuth error codes that mean "this e-mail already has an account another way". */
const accountExistsErrors = new Set(["account_not_linked", "unable_to_link_account"]);

export function isAccountExistsError(error: string): boolean {
  return accountExistsErrors.has(error);
}

/**
 * The message for `/sign-in?error=…` after a failed Google or Facebook sign-in. When an account
 * already exists with the address under other methods, it names them (spec §8).
 */
export function socialSignInErrorMessage(error: string, methods?: readonly SignInMethod[]): string {
  if (isAccountExistsError(error) && methods && methods.length > 0) {
    return authMessages.accountExistsWithMethods(describeSignInMethods(methods));
  }
  return authMessages.signInFailed;
}
