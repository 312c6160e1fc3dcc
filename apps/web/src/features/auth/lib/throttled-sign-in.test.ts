import { describe, expect, it } from "vitest";
import {
  describeWait,
  isThrottledSignIn,
  readRetryAfterSeconds,
  tooManyAttemptsMessage,
} from "./throttled-sign-in";

describe("describeWait", () => {
  it("rounds up to whole minutes, so trying again at the time said works", () => {
    expect(describeWait(1)).toBe("1 minute");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(61)).toBe("2 minutes");
    expect(describeWait(14 * 60 - 5)).toBe("14 minutes");
    expect(describeWait(89 * 60)).toBe("89 minutes");
  });

  it("speaks in hours past an hour and a half", () => {
    expect(describeWait(90 * 60)).toBe("2 hours");
    expect(describeWait(3 * 60 * 60)).toBe("3 hours");
    expect(describeWait(3 * 60 * 60 + 1)).toBe("4 hours");
  });
});

describe("tooManyAttemptsMessage", () => {
  it("says the wait and offers the e-mail link", () => {
    expect(tooManyAttemptsMessage(45)).toBe(
      "Too many attempts. Try again in 1 minute, or get a sign-in link by e-mail.",
    );
  });

  it("keeps the spec's words when no wait is known", () => {
    expect(tooManyAttemptsMessage(undefined)).toBe("Too many failed attempts. Please try again later.");
  });
});

describe("readRetryAfterSeconds", () => {
  it("reads the body's field and ignores anything that is not a positive number", () => {
    expect(readRetryAfterSeconds({ status: 429, retryAfterSeconds: 42 })).toBe(42);
    for (const error of [
      { retryAfterSeconds: "42" },
      { retryAfterSeconds: 0 },
      { status: 429 },
      null,
      undefined,
    ]) {
      expect(readRetryAfterSeconds(error)).toBeUndefined();
    }
  });
});

describe("isThrottledSignIn", () => {
  it("recognises the client's wait and the account's e-mail-link-only pause", () => {
    expect(isThrottledSignIn({ status: 429, code: "TOO_MANY_ATTEMPTS" })).toBe(true);
    expect(isThrottledSignIn({ status: 429, code: "EMAIL_LINK_REQUIRED" })).toBe(true);
    expect(isThrottledSignIn({ status: 429 })).toBe(true);
  });

  it("leaves other refusals alone", () => {
    expect(isThrottledSignIn({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" })).toBe(false);
    expect(isThrottledSignIn({ status: 403, code: "ACCOUNT_DISABLED" })).toBe(false);
    expect(isThrottledSignIn({ status: 0, code: "NETWORK_ERROR" })).toBe(false);
  });
});
