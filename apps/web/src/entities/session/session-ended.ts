import { authMessages, commonErrorCodes } from "@wonderkin/contract/rules";
import { publicPaths } from "@/config/paths";
import { ApiError } from "@/lib/api-error";
import { heldSessionInThisTabBefore, readSessionToken } from "./session-storage";
import { signOut } from "./sign-out";

/**
 * Whether an API failure says this browser's session is over: a 401 UNAUTHENTICATED while a token
 * is stored, or in a tab that held one (another tab may have found the session over first and
 * cleared the storage they share). The session can end elsewhere — a password change signs other
 * devices out, so does "sign out everywhere" — while the cached session here still says signed in.
 */
export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    error.code === commonErrorCodes.unauthenticated &&
    (readSessionToken() !== null || heldSessionInThisTabBefore())
  );
}

let endingOnPurpose = false;

/**
 * This tab is about to end its own session (deleting the account): the 401s a request in flight may
 * meet meanwhile are expected, and the sign-out that follows says what happened, not "signed out".
 * Call with false if the request that would end it fails.
 */
export function expectSessionToEnd(expected = true): void {
  endingOnPurpose = expected;
}

/**
 * Signs this browser out when `error` says its session ended, back to sign-in with the page it was
 * on as returnUrl. Without it, the pages kept asking with the dead token: every product request
 * answered 401 and the app asked again, dozens of times a second, behind "Loading your account".
 * A public page stays: it works signed out, and some end the session themselves and then say so
 * ("This wasn't me" on /verify-email signs every device out and shows "Your account is safe again").
 */
export function signOutIfSessionEnded(error: unknown): void {
  if (endingOnPurpose || !isSessionEnded(error)) return;
  const pathname = window.location.pathname.replace(/(.)\/+$/, "$1");
  if (publicPaths.has(pathname)) return;
  void signOut({
    notice: { message: authMessages.sessionEnded, tone: "info" },
    returnUrl: `${window.location.pathname}${window.location.search}`,
  });
}
