import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "./env";

/**
 * AUTH_SECRET when configured. Otherwise (the embedded single-process setup) a random secret made
 * on first start and kept in DATA_DIR with owner-only permissions, so sessions survive restarts
 * without anyone having to invent a key.
 */
export async function resolveAuthSecret(env: Pick<Env, "AUTH_SECRET" | "dataDir">): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, "auth-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
