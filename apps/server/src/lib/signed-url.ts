import { createHmac, timingSafeEqual } from "node:crypto";
import { createMinuteMemo } from "./minute-memo";

/**
 * Short-lived signed addresses for private media (family pictures, children's photos, portraits):
 * an <img> cannot send the bearer token, so the address itself carries a signature and an expiry.
 * Whoever holds an address can use it until then, so lifetimes are short (MEDIA_URL_TTL_SECONDS,
 * 15 minutes by default) and the web app asks for fresh ones before they run out. Expiries are
 * rounded down to the minute: an address stays the same (and cacheable) within a minute and never
 * outlives its lifetime.
 */
export const DEFAULT_MEDIA_URL_TTL_SECONDS = 15 * 60;
const ROUND_TO_SECONDS = 60;

function signatureOf(secret: string, path: string, expires: number): string {
  return createHmac("sha256", secret).update(`media:${path}:${expires}`).digest("base64url");
}

/**
 * Signatures made for the current expiry. A gallery page signs three addresses per portrait on
 * every poll, and within a minute each comes out the same, so the HMAC is computed once per file
 * and minute instead of once per request (it was ≈ 7 % of the process's time under a gallery load).
 * The secret is part of the key: tests and tools may sign with several in one process.
 */
const rememberedSignatures = createMinuteMemo<string>();

function rememberedSignatureOf(secret: string, path: string, expires: number): string {
  return rememberedSignatures.get(expires, `${secret}\u0000${path}`, () =>
    signatureOf(secret, path, expires),
  );
}

export function signPath(
  secret: string,
  path: string,
  now = Date.now(),
  ttlSeconds = DEFAULT_MEDIA_URL_TTL_SECONDS,
): string {
  const seconds = Math.floor(now / 1000) + ttlSeconds;
  const expires = Math.floor(seconds / ROUND_TO_SECONDS) * ROUND_TO_SECONDS;
  return `${path}?expires=${expires}&signature=${rememberedSignatureOf(secret, path, expires)}`;
}

/** Whether a path's signature is ours and has not expired. */
export function isSignedPathValid(
  secret: string,
  path: string,
  query: { expires?: unknown; signature?: unknown },
  now = Date.now(),
): boolean {
  const expires = Number(query.expires);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
  if (typeof query.signature !== "string") return false;
  const expected = Buffer.from(signatureOf(secret, path, expires));
  const given = Buffer.from(query.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The Cache-Control of a file served through a valid signed address: a browser may keep it no
 * longer than the address works (`no-store` for what must not stay on the device at all).
 */
export function signedMediaCacheControl(
  query: { expires?: unknown },
  options: { store: boolean },
  now = Date.now(),
): string {
  if (!options.store) return "private, no-store";
  const remaining = Math.max(0, Math.floor(Number(query.expires) - now / 1000));
  return `private, max-age=${remaining}`;
}
