import { authMessages } from "@wonderkin/contract";
// Relative, not "@/": the root Vitest config gives the web project no "@" alias.
import { ApiError } from "@/lib/api-client";

/**
 * Spec §8's sign-up messages: what the server said when it explained itself ("Other server
 * messages are passed on"), 'Failed to create user' for a refusal without a message, and
 * 'Failed to sign up. Please try again.' when there was no usable answer at all (network, garbage).
 */
export function signUpErrorMessage(error: unknown): string {
  const fromServer =
    error instanceof ApiError && error.code !== "NETWORK_ERROR" && error.code !== "UNEXPECTED_RESPONSE";
  return fromServer ? error.message : authMessages.signUpFailed;
}

/** The answer of create-user when it says no without an error status. */
export function refusedSignUpMessage(message: string | undefined): string {
  return message?.trim() ? message : authMessages.createUserFailed;
}
