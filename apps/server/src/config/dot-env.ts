import { existsSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./paths";

/**
 * A `.env` file at the project root fills in what the environment does not set (Node's own
 * parser; the environment wins). Every command calls it before loadEnv, so the server, the admin
 * CLI and the reports all see the same settings.
 */
export function readDotEnv(): void {
  const file = path.join(repoRoot, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}
