import { paths } from "@/config/paths";
import { safeReturnUrl } from "@/lib/safe-return-url";

/**
 * Google and Facebook sign-in in a popup (spec §7), on a desktop. The popup visits the provider and
 * Better Auth's callback, then lands on paths.socialSignInPopup with `attempt` (which sign-in it was)
 * and `next` (where the full-page redirect would have gone: /finalize-social, or /sign-in with the
 * error). That page posts where to go on to the opener and closes; the opener goes there, so
 * everything after the provider is the same for the popup and the redirect.
 */
export const SOCIAL_POPUP_MESSAGE = "wonderkin:social-sign-in";

export type SocialPopupMessage = { type: typeof SOCIAL_POPUP_MESSAGE; attempt: string; to: string };

const POPUP_NAME = "wonderkin-social-sign-in";
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 640;
/** How often the opener looks whether the parent closed the popup themselves. */
const CLOSED_POLL_MS = 500;

/** Where the popup comes back to on the way to `next` (a same-origin path). */
export function socialPopupUrl(attempt: string, next: string): string {
  return `${paths.socialSignInPopup}?${new URLSearchParams({ attempt, next })}`;
}

/**
 * Where the sign-in goes on from the popup's landing address: `next`, with what Better Auth and the
 * server added on the way (`error`, `error_description`, the refused `email`). Null for an address
 * that is not one of ours.
 */
export function socialPopupOutcome(search: string): { attempt: string; to: string } | null {
  const params = new URLSearchParams(search);
  const attempt = params.get("attempt");
  const next = safeReturnUrl(params.get("next"));
  if (!attempt || !next) return null;
  const to = new URL(next, "http://wonderkin.invalid");
  for (const [key, value] of params) {
    if (key !== "attempt" && key !== "next") to.searchParams.set(key, value);
  }
  return { attempt, to: `${to.pathname}${to.search}${to.hash}` };
}

/**
 * A popup suits a desktop: a fine pointer on a wide screen. Phones and tablets go to the provider in
 * the page itself, where a popup would open as a new tab.
 */
export function prefersSignInPopup(win: Pick<Window, "matchMedia"> = window): boolean {
  return win.matchMedia("(pointer: fine) and (min-width: 768px)").matches;
}

/**
 * Opens the (empty) popup at once, inside the click, so no popup blocker stops it; the provider's
 * address is known only after a request. Null when the browser blocked it.
 */
export function openSignInPopup(win: Window = window): Window | null {
  const left = Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2);
  return win.open(
    "",
    POPUP_NAME,
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
}

/**
 * Waits for the popup of `attempt` to say where to go on (`done`), or to be closed without a word
 * (`closed`: the parent gave up). Only messages from this origin, about this attempt, count.
 */
export function waitForSocialPopup(
  popup: Window,
  attempt: string,
  win: Window = window,
): Promise<{ kind: "done"; to: string } | { kind: "closed" }> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: { kind: "done"; to: string } | { kind: "closed" }) => {
      if (settled) return;
      settled = true;
      win.removeEventListener("message", onMessage);
      win.clearInterval(closedPoll);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin) return;
      const data = event.data as Partial<SocialPopupMessage> | null;
      if (data?.type !== SOCIAL_POPUP_MESSAGE || data.attempt !== attempt) return;
      const to = safeReturnUrl(data.to ?? null);
      if (to) finish({ kind: "done", to });
    };
    // The popup closes itself right after posting: its message may still be on its way.
    const closedPoll = win.setInterval(() => {
      if (popup.closed) win.setTimeout(() => finish({ kind: "closed" }), CLOSED_POLL_MS);
    }, CLOSED_POLL_MS);
    win.addEventListener("message", onMessage);
  });
}

/** A fresh id for one sign-in attempt, so a late popup of an earlier one is not mistaken for it. */
export function newPopupAttempt(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
