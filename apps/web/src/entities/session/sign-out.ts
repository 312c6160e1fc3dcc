import { loadAuthClient } from "./load-auth-client";

/** Survives the reload of sign-out (local storage does not): a message for the sign-in page. */
const signOutNoticeKey = "wonderkin.sign-out-notice";

/** What the sign-in page says after a sign-out: a problem by default, or good news, or a hint. */
export type SignOutNotice = { message: string; tone: "error" | "success" | "info" };

const noticeTones: ReadonlySet<string> = new Set(["error", "success", "info"]);

/** The stored notice, read back; a bare string (or anything unexpected but text) is an error notice. */
export function parseSignOutNotice(stored: string | null): SignOutNotice | null {
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed === "object" && parsed !== null && "message" in parsed) {
      const { message } = parsed;
      const tone = "tone" in parsed ? parsed.tone : undefined;
      if (typeof message === "string" && message !== "") {
        const known = typeof tone === "string" && noticeTones.has(tone);
        return { message, tone: known ? (tone as SignOutNotice["tone"]) : "error" };
      }
    }
  } catch {
    // Not JSON: a plain message.
  }
  return { message: stored, tone: "error" };
}

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
  /** For the sign-in page; a bare string is shown as a problem. */
  notice?: string | SignOutNotice;
  /** Where sign-in should lead afterwards (e.g. back to an invitation for another address). */
  returnUrl?: string;
} = {}): Promise<void> {
  // Several triggers can fire together (a click and a failed user lookup, StrictMode's double
  // effects): one sign-out is enough.
  if (signingOut) return;
  signingOut = true;
  try {
    await (await loadAuthClient()).signOut();
  } catch {
    // Ignored on purpose: see above.
  }
  // Photos kept on this device for an unfinished upload go too: a shared device keeps no child's photos.
  // Loaded here, not with every page: IndexedDB's helper is ≈ 1 KB the public pages do without.
  await (await import("@/lib/kept-files")).forgetAllKeptFiles().catch(() => undefined);
  try {
    localStorage.clear();
    if (notice) {
      const full: SignOutNotice = typeof notice === "string" ? { message: notice, tone: "error" } : notice;
      sessionStorage.setItem(signOutNoticeKey, JSON.stringify(full));
    }
  } catch {
    // Storage may be blocked; the reload below still leaves the app signed out of the server.
  }
  window.location.assign(returnUrl ? `/sign-in?${new URLSearchParams({ returnUrl })}` : "/sign-in");
}

/**
 * The message left by a sign-out (one that had to happen, e.g. 'User not found in DB', or the end
 * of a deleted account), read once.
 */
export function takeSignOutNotice(): SignOutNotice | null {
  try {
    const stored = sessionStorage.getItem(signOutNoticeKey);
    if (stored) sessionStorage.removeItem(signOutNoticeKey);
    return parseSignOutNotice(stored);
  } catch {
    return null;
  }
}
