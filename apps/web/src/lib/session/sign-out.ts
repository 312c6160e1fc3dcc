import { authClient } from "./auth-client";

/** Survives the reload of sign-out (local storage does not): a message for the sign-in page. */
const signOutNoticeKey = "wonderkin.sign-out-notice";

let signingOut = false;

/**
 * Spec §4: sign-out clears local storage, reloads the page and goes to sign-in. The session is
 * revoked on the server first; if that fails (offline, already expired) the token is still
 * forgotten here, which signs this browser out.
 */
export async function signOut({
  notice,
  returnUrl,
}: {
  notice?: string;
  /** Where sign-in should lead afterwards (e.g. back to an invitation for another address). */
  returnUrl?: string;
} = {}): Promise<void> {
  // Several triggers can fire together (a click and a failed user lookup, StrictMode's double
  // effects): one sign-out is enough.
  if (signingOut) return;
  signingOut = true;
  try {
    await authClient.signOut();
  } catch {
    // Ignored on purpose: see above.
  }
  try {
    localStorage.clear();
    if (notice) sessionStorage.setItem(signOutNoticeKey, notice);
  } catch {
    // Storage may be blocked; the reload below still leaves the app signed out of the server.
  }
  window.location.assign(returnUrl ? `/sign-in?${new URLSearchParams({ returnUrl })}` : "/sign-in");
}

/** The message left by a sign-out that had to happen (e.g. 'User not found in DB'), read once. */
export function takeSignOutNotice(): string | null {
  try {
    const notice = sessionStorage.getItem(signOutNoticeKey);
    if (notice) sessionStorage.removeItem(signOutNoticeKey);
    return notice;
  } catch {
    return null;
  }
}
