import { authErrorCodes, authMessages } from "@wonderkin/contract/rules";

/** A refused sign-in as the throttle answers it: a status, a code and, when known, when to try again. */
type Refusal = { status?: number | undefined; code?: string | undefined };

/** The throttle's answers that a password cannot get past for now (decisions 0042 and 0054). */
export function isThrottledSignIn(refusal: Refusal): boolean {
  return (
    refusal.status === 429 ||
    refusal.code === authErrorCodes.tooManyAttempts ||
    refusal.code === authErrorCodes.emailLinkRequired
  );
}

/** The body's `retryAfterSeconds`, when it is one (the auth client hands the body over as it came). */
export function readRetryAfterSeconds(error: unknown): number | undefined {
  const value = (error as { retryAfterSeconds?: unknown } | null | undefined)?.retryAfterSeconds;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * A wait in words, rounded up so that trying again at the time said works: "1 minute", "14 minutes",
 * and whole hours past an hour and a half ("2 hours"), since "95 minutes" is hard to picture.
 */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * What the sign-in page says when this client has to wait: the wait, and the way in that needs no
 * password. Without a time (a limiter that did not say) it keeps the spec's words (§8).
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return authMessages.tooManyRequests;
  return `Too many attempts. Try again in ${describeWait(retryAfterSeconds)}, or get a sign-in link by e-mail.`;
}
