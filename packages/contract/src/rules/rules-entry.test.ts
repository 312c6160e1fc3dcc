/// <reference types="node" />
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const folder = path.dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(folder).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));

/** Every module specifier a source file imports or re-exports, types included. */
function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map(
    (match) => match[1] ?? match[2] ?? "",
  );
}

describe("the contract's zod-free entry (@wonderkin/contract/rules)", () => {
  it("is the package's ./rules export", () => {
    const manifest = JSON.parse(readFileSync(path.join(folder, "../../package.json"), "utf8")) as {
      exports: Record<string, string>;
    };
    expect(manifest.exports["./rules"]).toBe("./src/rules/index.ts");
  });

  it("imports nothing but its own folder, so it can never bring zod (or a schema) to a page", () => {
    expect(sources).toContain("index.ts");
    for (const file of sources) {
      const imports = importsOf(readFileSync(path.join(folder, file), "utf8"));
      for (const specifier of imports)
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[\w-]+$/);
    }
  });
});
