import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Short-lived signed addresses for private media (family pictures, children's photos): an <img>
 * cannot send the bearer token, so the address itself carries a signature and an expiry.
 * Expiries are rounded up to the hour, so an address stays the same (and cacheable) for a while.
 */
const SIGNED_URL_TTL_SECONDS = 24 * 60 * 60;
const ROUND_TO_SECONDS = 60 * 60;

function signatureOf(secret: string, path: string, expires: number): string {
  return createHmac("sha256", secret).update(`media:${path}:${expires}`).digest("base64url");
}

export function signPath(
  secret: string,
  path: string,
  now = Date.now(),
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
): string {
  const seconds = Math.floor(now / 1000) + ttlSeconds;
  const expires = Math.ceil(seconds / ROUND_TO_SECONDS) * ROUND_TO_SECONDS;
  return `${path}?expires=${expires}&signature=${signatureOf(secret, path, expires)}`;
}

/** Whether a path's signature is ours and has not expired. */
export function isSignedPathValid(
  secret: string,
  path: string,
  query: { expires?: unknown; signature?: unknown },
  now = Date.now(),
): boolean {
  const expires = Number(query.expires);
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  if (typeof query.signature !== "string") return false;
  const expected = Buffer.from(signatureOf(secret, path, expires));
  const given = Buffer.from(query.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
