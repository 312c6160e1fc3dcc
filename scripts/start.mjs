#!/usr/bin/env node
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `npm start` (and start:api / start:worker): builds the web app and the server only when their
 * build is missing or older than the sources, then runs the compiled server in this very process —
 * one node process under npm, no tsx, no rebuild on a plain restart (decision 0023). Production
 * deployments run `node apps/server/dist/main.js` directly (see the README's "Deploying").
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "apps/server/dist/build-stamp.json");

/** What the build is made from: any of these newer than the stamp means a rebuild. */
const sources = [
  "apps/server/src",
  "apps/server/scripts",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/contract/src",
  "package-lock.json",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

function buildIsCurrent(newestSource) {
  if (!existsSync(stampFile) || !existsSync(path.join(root, "apps/web/dist/index.html"))) return false;
  try {
    return JSON.parse(readFileSync(stampFile, "utf8")).newestSource >= newestSource;
  } catch {
    return false;
  }
}

const newestSource = Math.max(...sources.map(newestChange));
if (!buildIsCurrent(newestSource)) {
  console.log("Building the web app and the server (sources changed since the last build)…");
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(stampFile, JSON.stringify({ newestSource, builtAt: new Date().toISOString() }));
}

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "apps/server/dist/main.js")).href);
