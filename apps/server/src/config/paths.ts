import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from this file so that scripts work from any working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export const migrationsDir = path.join(repoRoot, "apps/server/src/db/migrations");
