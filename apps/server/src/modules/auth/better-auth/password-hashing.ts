import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane): the first choice
 * of the OWASP Password Storage Cheat Sheet. Parameters live in the hash string, so raising them
 * later still verifies old hashes.
 */
// `Algorithm.Argon2id` is 2; the package declares it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed verification, not a server error.
    return false;
  }
}
