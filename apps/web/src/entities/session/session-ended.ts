import { authMessages, commonErrorCodes } from "@wonderkin/contract/rules";
import { ApiError } from "@/lib/api-error";
import { readSessionToken } from "./session-storage";
import { signOut } from "./sign-out";

/**
 * Whether an API failure says this browser's session is over: a 401 UNAUTHENTICATED while a token
 * is stored. The session can end elsewhere — a password change signs other devices out, so does
 * "sign out everywhere" — while the cached session here still says signed in.
 */
export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    error.code === commonErrorCodes.unauthenticated &&
    readSessionToken() !== null
  );
}

/**
 * Signs this browser out when `error` says its session ended, back to sign-in with the page it was
 * on as returnUrl. Without it, the pages kept asking with the dead token: every product request
 * answered 401 and the app asked again, dozens of times a second, behind "Loading your account".
 */
export function signOutIfSessionEnded(error: unknown): void {
  if (!isSessionEnded(error)) return;
  void signOut({
    notice: { message: authMessages.sessionEnded, tone: "info" },
    returnUrl: `${window.location.pathname}${window.location.search}`,
  });
}
