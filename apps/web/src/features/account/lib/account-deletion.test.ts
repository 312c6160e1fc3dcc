import { authMessages, type FamilySummary, privacyErrorCodes, privacyMessages } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { deleteAccountFailure, familiesOnDeletion } from "./account-deletion";

const family = (id: string, memberCount: number, role: FamilySummary["role"] = "owner"): FamilySummary => ({
  id,
  name: `Family ${id}`,
  pictureUrl: null,
  role,
  memberCount,
});

describe("familiesOnDeletion", () => {
  it("deletes the families only the parent is in and keeps the shared ones", () => {
    const own = family("a", 1);
    const shared = family("b", 3);
    const joined = family("c", 2, "member");
    expect(familiesOnDeletion([own, shared, joined])).toEqual({ deleted: [own], kept: [shared, joined] });
    expect(familiesOnDeletion([])).toEqual({ deleted: [], kept: [] });
  });
});

describe("deleteAccountFailure", () => {
  const apiError = (status: number, code: string, message: string) => new ApiError(status, code, message);

  it("puts a mistyped e-mail and a wrong password under their fields", () => {
    expect(
      deleteAccountFailure(
        apiError(400, privacyErrorCodes.confirmationMismatch, privacyMessages.accountConfirmationMismatch),
        { hasPassword: true },
      ),
    ).toEqual({ kind: "field", field: "confirmEmail", message: privacyMessages.accountConfirmationMismatch });
    expect(
      deleteAccountFailure(apiError(400, privacyErrorCodes.wrongPassword, privacyMessages.wrongPassword), {
        hasPassword: true,
      }),
    ).toEqual({ kind: "field", field: "password", message: privacyMessages.wrongPassword });
  });

  it("asks for the password when the account has one, and for a fresh sign-in when it doesn't", () => {
    const missingPassword = apiError(
      401,
      privacyErrorCodes.reauthenticationRequired,
      privacyMessages.passwordRequired,
    );
    expect(deleteAccountFailure(missingPassword, { hasPassword: true })).toEqual({
      kind: "field",
      field: "password",
      message: privacyMessages.passwordRequired,
    });
    const stale = apiError(
      401,
      privacyErrorCodes.reauthenticationRequired,
      privacyMessages.reauthenticationRequired,
    );
    expect(deleteAccountFailure(stale, { hasPassword: false })).toEqual({
      kind: "sign-in-again",
      message: privacyMessages.reauthenticationRequired,
    });
  });

  it("says so when there were too many attempts, and falls back to a plain message", () => {
    expect(
      deleteAccountFailure(apiError(429, "TOO_MANY_ATTEMPTS", "slow down"), { hasPassword: true }),
    ).toEqual({
      kind: "general",
      message: authMessages.tooManyRequests,
    });
    expect(deleteAccountFailure(new Error("boom"), { hasPassword: true })).toEqual({
      kind: "general",
      message: "We couldn't delete your account. Please try again.",
    });
    expect(
      deleteAccountFailure(apiError(0, "NETWORK_ERROR", "We couldn't reach Wonderkin."), {
        hasPassword: false,
      }),
    ).toEqual({ kind: "general", message: "We couldn't reach Wonderkin." });
  });
});
