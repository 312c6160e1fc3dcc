import { authMessages } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import {
  needsSignInMethods,
  type SignInFailure,
  signInErrorMessage,
  socialSignInErrorMessage,
} from "./sign-in-error-message";

const ambiguous: SignInFailure = { status: 401, code: "INVALID_EMAIL_OR_PASSWORD" };

describe("signInErrorMessage", () => {
  it("says the address is invalid", () => {
    expect(signInErrorMessage({ status: 400, code: "INVALID_EMAIL" })).toBe(
      "Please enter a valid email address.",
    );
  });

  it("tells an unknown address from a wrong password with the sign-in methods lookup", () => {
    expect(needsSignInMethods(ambiguous)).toBe(true);
    expect(signInErrorMessage(ambiguous, [])).toBe("Email is not registered. Please sign up first.");
    expect(signInErrorMessage(ambiguous, ["password"])).toBe("Incorrect password. Please try again.");
    expect(signInErrorMessage(ambiguous, ["password", "google"])).toBe(authMessages.wrongPassword);
  });

  it("names the way in for an account that has no password", () => {
    expect(signInErrorMessage(ambiguous, ["google"])).toBe(
      "An account already exists with this email. Please sign in with Google",
    );
  });

  it("falls back to the generic message when the lookup failed", () => {
    expect(signInErrorMessage(ambiguous, undefined)).toBe(authMessages.signInFailed);
  });

  it("reports a disabled account", () => {
    expect(signInErrorMessage({ status: 403, code: "ACCOUNT_DISABLED" })).toBe(
      "This account has been disabled. Please contact support.",
    );
  });

  it("reports too many attempts by status or by code", () => {
    const message = "Too many failed attempts. Please try again later.";
    expect(signInErrorMessage({ status: 429 })).toBe(message);
    expect(signInErrorMessage({ status: 429, code: "RATE_LIMITED" })).toBe(message);
    expect(signInErrorMessage({ status: 403, code: "TOO_MANY_ATTEMPTS" })).toBe(message);
  });

  it("says when a throttled client may try again, and offers the e-mail link", () => {
    const message = "Too many attempts. Try again in 2 minutes, or get a sign-in link by e-mail.";
    expect(signInErrorMessage({ status: 429, code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: 61 })).toBe(
      message,
    );
    expect(signInErrorMessage({ status: 429, retryAfterSeconds: 120 })).toBe(message);
  });

  it("points to the e-mail link when the account's password sign-in is paused", () => {
    expect(signInErrorMessage({ status: 429, code: "EMAIL_LINK_REQUIRED" })).toMatch(/e-mail link/);
  });

  it("says anything else generically", () => {
    const message = "Failed to sign in. Please check your credentials and try again.";
    expect(signInErrorMessage({})).toBe(message);
    expect(signInErrorMessage({ status: 500, code: "INTERNAL_ERROR" })).toBe(message);
    expect(signInErrorMessage({ status: 0, code: "NETWORK_ERROR" })).toBe(message);
  });

  it("does not ask for the lookup for other failures", () => {
    expect(needsSignInMethods({ status: 429 })).toBe(false);
    expect(needsSignInMethods({ code: "ACCOUNT_DISABLED" })).toBe(false);
  });
});

describe("socialSignInErrorMessage", () => {
  it("names the existing methods when the account exists under another one", () => {
    expect(socialSignInErrorMessage("account_not_linked", ["password"])).toBe(
      "An account already exists with this email. Please sign in with your password",
    );
    expect(socialSignInErrorMessage("unable_to_link_account", ["password", "google"])).toBe(
      "An account already exists with this email. Please sign in with your password or Google",
    );
  });

  it("says sign-in failed when the methods are unknown or for any other error", () => {
    expect(socialSignInErrorMessage("account_not_linked", undefined)).toBe(authMessages.signInFailed);
    expect(socialSignInErrorMessage("account_not_linked", [])).toBe(authMessages.signInFailed);
    expect(socialSignInErrorMessage("access_denied", ["google"])).toBe(authMessages.signInFailed);
  });
});
