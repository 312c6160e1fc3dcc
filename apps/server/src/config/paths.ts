import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project root: the nearest folder above this code whose package.json is the workspace root.
 * Found by walking up rather than by a fixed number of "..", because this file runs from
 * `src/config/` (tsx, tests) and bundled into `dist/` (production) alike.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const { workspaces } = JSON.parse(readFileSync(manifest, "utf8")) as { workspaces?: unknown };
      if (workspaces) return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`No workspace root above ${from}`);
  }
}

/** The repository root, so that scripts and every start command work from any working directory. */
export const repoRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

export const migrationsDir = path.join(repoRoot, "apps/server/src/db/migrations");
