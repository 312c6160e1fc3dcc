import { createHash, randomBytes } from "node:crypto";

/** 256 bits from the CSPRNG, URL-safe: for links sent by e-mail. */
export function createUrlToken(): string {
  return randomBytes(32).toString("base64url");
}

/** How tokens are stored: only this digest reaches the database. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
