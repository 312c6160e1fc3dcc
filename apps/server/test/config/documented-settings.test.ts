import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { envSchema } from "../../src/config/env";
import { repoRoot } from "../../src/config/paths";

/**
 * The README's configuration table and the env module cannot drift apart: every setting the server
 * reads is documented there, and every documented setting is read.
 */
function documentedSettings(): string[] {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const keys = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) =>
      [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]),
    );
  return [...new Set(keys)].filter((key): key is string => Boolean(key)).sort();
}

it("documents every setting in the README's configuration table, and nothing else", () => {
  const read = Object.keys(envSchema.shape).sort();
  const documented = documentedSettings();
  expect(
    read.filter((key) => !documented.includes(key)),
    "read but not documented",
  ).toEqual([]);
  expect(
    documented.filter((key) => !read.includes(key)),
    "documented but not read",
  ).toEqual([]);
});
