import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { cookieValue, safeDecode } from "./cookie-value";

const BEARER_SCHEME = "bearer ";
/** better-call signs a cookie value as `value.base64(HMAC-SHA256)`: 44 characters with padding. */
const SIGNATURE_LENGTH = 44;

/**
 * The session token a request carries, checked once: a bearer token (the signed value the bearer
 * plugin hands out in `set-auth-token`, or the raw token, which that plugin also accepts), else
 * Better Auth's signed session cookie. Null when there is none or its signature is wrong — as
 * Better Auth decides, so both paths accept exactly the same requests.
 */
export function sessionTokenOf(
  request: FastifyRequest,
  options: { cookieName: string; secret: string },
): string | null {
  const bearer = bearerTokenOf(request.headers.authorization);
  if (bearer !== null) {
    const token = bearer.includes(".") ? verifiedToken(bearer, options.secret) : bearer;
    // An invalid bearer token is ignored, and the cookie (if any) decides, as in the bearer plugin.
    if (token) return token;
  }
  const cookie = cookieValue(request.headers.cookie, options.cookieName);
  return cookie ? verifiedToken(cookie, options.secret) : null;
}

function bearerTokenOf(header: string | undefined): string | null {
  if (!header || header.slice(0, BEARER_SCHEME.length).toLowerCase() !== BEARER_SCHEME) return null;
  const token = header.slice(BEARER_SCHEME.length).trim();
  if (!token) return null;
  return token.includes("%") ? safeDecode(token) : token;
}

/** `token.signature` → token, when the signature is the secret's HMAC of the token. */
function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = signedValue.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
