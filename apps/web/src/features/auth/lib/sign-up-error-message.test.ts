import { describe, expect, it } from "vitest";
// Relative, not "@/": the root Vitest config gives the web project no "@" alias.
import { ApiError } from "@/lib/api-client";
import { refusedSignUpMessage, signUpErrorMessage } from "./sign-up-error-message";

describe("signUpErrorMessage", () => {
  it("passes the server's own message on", () => {
    expect(signUpErrorMessage(new ApiError(400, "VALIDATION_FAILED", "Please enter a name."))).toBe(
      "Please enter a name.",
    );
    expect(signUpErrorMessage(new ApiError(429, "RATE_LIMITED", "Slow down a little."))).toBe(
      "Slow down a little.",
    );
  });

  it("says sign-up failed when there was no usable answer", () => {
    const message = "Failed to sign up. Please try again.";
    expect(signUpErrorMessage(new ApiError(0, "NETWORK_ERROR", "We couldn't reach Wonderkin."))).toBe(
      message,
    );
    expect(signUpErrorMessage(new ApiError(502, "UNEXPECTED_RESPONSE", "The server answered 502."))).toBe(
      message,
    );
    expect(signUpErrorMessage(new TypeError("boom"))).toBe(message);
  });
});

describe("refusedSignUpMessage", () => {
  it("uses the server's message, or 'Failed to create user' without one", () => {
    expect(refusedSignUpMessage("Sign-ups are paused.")).toBe("Sign-ups are paused.");
    expect(refusedSignUpMessage("")).toBe("Failed to create user");
    expect(refusedSignUpMessage(undefined)).toBe("Failed to create user");
  });
});
