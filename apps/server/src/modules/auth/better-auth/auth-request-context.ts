import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Facts gathered while Better Auth handles one request, for the HTTP layer to use afterwards:
 * the e-mail of the social profile a sign-in was attempted with (Better Auth's error redirect for
 * an existing account does not carry it, and the sign-in page needs it to name the methods).
 */
export type AuthRequestFacts = { socialEmail?: string };

export const authRequestContext = new AsyncLocalStorage<AuthRequestFacts>();

export function captureSocialEmail(email: string | undefined): void {
  const facts = authRequestContext.getStore();
  if (facts && email) facts.socialEmail = email.toLowerCase();
}
