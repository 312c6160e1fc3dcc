import { SIGNED_IN_BEFORE_COOKIE } from "@wonderkin/contract/rules";
import { useEffect } from "react";

/**
 * A mark that this browser has been signed in to an account, so that a signed-out visit is sent to
 * sign-in rather than sign-up (decision 0054). A cookie rather than local storage because sign-out
 * clears local storage (spec §4) and the mark must outlive exactly that. It holds no personal data
 * (just "1"); the server reads it only to choose which copy to paint at `/` (decision 0063), and
 * deleting the account removes it.
 */
export const signedInBeforeCookie = SIGNED_IN_BEFORE_COOKIE;

/** About 400 days, the longest a browser keeps a cookie (Chromium's cap); renewed by each visit. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const markPattern = new RegExp(`(?:^|;\\s*)${signedInBeforeCookie}=1(?:;|$)`);

/** Whether a `document.cookie` string carries the mark. */
export function hasSignedInBeforeMark(cookies: string): boolean {
  return markPattern.test(cookies);
}

/** The `document.cookie` assignment that sets the mark (or, with `maxAge` 0, removes it). */
export function signedInBeforeCookieText({
  secure,
  maxAge = MAX_AGE_SECONDS,
}: {
  secure: boolean;
  maxAge?: number;
}) {
  return `${signedInBeforeCookie}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** False where there is no document (the server's copy of the public pages, decision 0037). */
export function hasSignedInBefore(): boolean {
  try {
    return typeof document !== "undefined" && hasSignedInBeforeMark(document.cookie);
  } catch {
    return false;
  }
}

function writeMark(maxAge?: number): void {
  try {
    const secure = window.location.protocol === "https:";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers the product supports, and is asynchronous
    document.cookie = signedInBeforeCookieText(maxAge === undefined ? { secure } : { secure, maxAge });
  } catch {
    // Cookies blocked: this browser is treated as new, which is the spec's default anyway.
  }
}

/** Removes the mark: the account it stood for is gone, so this browser is new again. */
export function forgetSignedInBefore(): void {
  writeMark(0);
}

/** Sets (and renews) the mark while someone is signed in. */
export function useRememberSignedIn(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) writeMark();
  }, [signedIn]);
}
