/**
 * The one piece of authentication other modules need from it: whether a password matches the hash
 * stored for an account (re-authentication before deleting an account or changing its address).
 * A port: the composition root (compose-domain.ts) fills it in with Better Auth's own check, so no
 * module reaches into the Better Auth setup, and this file imports nothing.
 */
export type PasswordCheck = (input: { hash: string; password: string }) => Promise<boolean>;
