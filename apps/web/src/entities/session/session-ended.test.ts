// @vitest-environment jsdom
import { authMessages } from "@wonderkin/contract/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { expectSessionToEnd, isSessionEnded, signOutIfSessionEnded } from "./session-ended";
import { sessionTokenKey } from "./session-storage";
import { signOut } from "./sign-out";

vi.mock("./sign-out", () => ({ signOut: vi.fn(async () => undefined) }));

const unauthenticated = new ApiError(401, "UNAUTHENTICATED", "Please sign in to continue.");

describe("a session that ended elsewhere", () => {
  beforeEach(() => localStorage.setItem(sessionTokenKey, "a-token"));
  afterEach(() => {
    localStorage.clear();
    vi.mocked(signOut).mockClear();
  });

  it("is a 401 UNAUTHENTICATED while this browser holds a token, or after another tab cleared it", () => {
    expect(isSessionEnded(unauthenticated)).toBe(true);
    // Another tab found the session over first and signed out: the storage is empty, but this tab
    // still shows the signed-in pages and must follow.
    localStorage.clear();
    expect(isSessionEnded(unauthenticated)).toBe(true);
  });

  it("is not a 401 in a tab that never held a session", async () => {
    localStorage.clear();
    vi.resetModules();
    const fresh = await import("./session-ended");
    const { ApiError: FreshApiError } = await import("@/lib/api-error");
    const refused = new FreshApiError(401, "UNAUTHENTICATED", "Please sign in to continue.");
    expect(fresh.isSessionEnded(refused)).toBe(false);
    // The same tab once it has held a token (and lost it) does count it.
    localStorage.setItem(sessionTokenKey, "a-token");
    expect(fresh.isSessionEnded(refused)).toBe(true);
    localStorage.clear();
    expect(fresh.isSessionEnded(refused)).toBe(true);
  });

  it("is not another refusal: a password to confirm again, a 403, a network failure", () => {
    expect(isSessionEnded(new ApiError(401, "REAUTHENTICATION_REQUIRED", "Enter your password."))).toBe(
      false,
    );
    expect(isSessionEnded(new ApiError(403, "FORBIDDEN", "Not yours."))).toBe(false);
    expect(isSessionEnded(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("signs this browser out once, back to sign-in with the page it was on", () => {
    window.history.replaceState(null, "", "/account/settings?tab=1");
    signOutIfSessionEnded(new ApiError(403, "FORBIDDEN", "Not yours."));
    expect(signOut).not.toHaveBeenCalled();
    signOutIfSessionEnded(unauthenticated);
    expect(signOut).toHaveBeenCalledWith({
      notice: { message: authMessages.sessionEnded, tone: "info" },
      returnUrl: "/account/settings?tab=1",
    });
  });

  it("stays quiet while this tab ends its own session (deleting the account), and only then", () => {
    window.history.replaceState(null, "", "/account/settings");
    expectSessionToEnd();
    signOutIfSessionEnded(unauthenticated);
    expect(signOut).not.toHaveBeenCalled();
    expectSessionToEnd(false);
    signOutIfSessionEnded(unauthenticated);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("leaves a public page alone: it works signed out, and some end the session on purpose", () => {
    window.history.replaceState(null, "", "/verify-email/?token=abc");
    signOutIfSessionEnded(unauthenticated);
    expect(signOut).not.toHaveBeenCalled();
  });
});
