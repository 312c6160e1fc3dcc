// @vitest-environment jsdom
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  forgetSignedInBefore,
  hasSignedInBefore,
  hasSignedInBeforeMark,
  signedInBeforeCookieText,
  useRememberSignedIn,
} from "./signed-in-before";

afterEach(() => {
  cleanup();
  forgetSignedInBefore();
});

describe("the signed-in-before mark", () => {
  it("is found among other cookies, and only with its own name and value", () => {
    expect(hasSignedInBeforeMark("wk_vid=abc; wk_signed_in_before=1")).toBe(true);
    expect(hasSignedInBeforeMark("wk_signed_in_before=1;wk_vid=abc")).toBe(true);
    expect(hasSignedInBeforeMark("")).toBe(false);
    expect(hasSignedInBeforeMark("wk_signed_in_before=0")).toBe(false);
    expect(hasSignedInBeforeMark("xwk_signed_in_before=1")).toBe(false);
    expect(hasSignedInBeforeMark("wk_signed_in_before=12")).toBe(false);
  });

  it("is a long-lived, site-wide cookie, Secure on https", () => {
    expect(signedInBeforeCookieText({ secure: false })).toBe(
      "wk_signed_in_before=1; Max-Age=34560000; Path=/; SameSite=Lax",
    );
    expect(signedInBeforeCookieText({ secure: true, maxAge: 0 })).toBe(
      "wk_signed_in_before=1; Max-Age=0; Path=/; SameSite=Lax; Secure",
    );
  });

  it("is set once someone is signed in, survives local storage being cleared, and can be forgotten", () => {
    const { rerender } = renderHook(({ signedIn }) => useRememberSignedIn(signedIn), {
      initialProps: { signedIn: false },
    });
    expect(hasSignedInBefore()).toBe(false);
    rerender({ signedIn: true });
    expect(hasSignedInBefore()).toBe(true);
    // Sign-out clears local storage (spec §4); the mark is not there.
    localStorage.clear();
    rerender({ signedIn: false });
    expect(hasSignedInBefore()).toBe(true);
    forgetSignedInBefore();
    expect(hasSignedInBefore()).toBe(false);
  });
});
