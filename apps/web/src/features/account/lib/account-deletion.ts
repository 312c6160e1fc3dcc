import { authMessages, type FamilySummary, privacyErrorCodes } from "@wonderkin/contract";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";

/**
 * What deleting the account does to each of the parent's families (decision 0019): a family they
 * are the only member of goes with everything in it; a shared one stays with the others (its
 * ownership passing on if they were its only owner).
 */
export function familiesOnDeletion(families: readonly FamilySummary[]): {
  deleted: FamilySummary[];
  kept: FamilySummary[];
} {
  return {
    deleted: families.filter((family) => family.memberCount <= 1),
    kept: families.filter((family) => family.memberCount > 1),
  };
}

/** Where a failed deletion is shown: under a field, as a way to sign in again, or above the buttons. */
export type DeleteAccountFailure =
  | { kind: "field"; field: "confirmEmail" | "password"; message: string }
  | { kind: "sign-in-again"; message: string }
  | { kind: "general"; message: string };

export function deleteAccountFailure(
  error: unknown,
  options: { hasPassword: boolean },
): DeleteAccountFailure {
  if (error instanceof ApiError) {
    switch (error.code) {
      case privacyErrorCodes.confirmationMismatch:
        return { kind: "field", field: "confirmEmail", message: error.message };
      case privacyErrorCodes.wrongPassword:
        return { kind: "field", field: "password", message: error.message };
      case privacyErrorCodes.reauthenticationRequired:
        // With a password, the password is the proof (it was left out); without one, a fresh sign-in.
        return options.hasPassword
          ? { kind: "field", field: "password", message: error.message }
          : { kind: "sign-in-again", message: error.message };
    }
    if (error.status === 429) return { kind: "general", message: authMessages.tooManyRequests };
  }
  return {
    kind: "general",
    message: errorMessage(error, "We couldn't delete your account. Please try again."),
  };
}
