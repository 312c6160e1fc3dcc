import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeModuleCycles, findModuleCycles, readModuleGraph } from "./module-graph";

const workDir = mkdtempSync(join(tmpdir(), "wonderkin-module-graph-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function writeModules(files: Record<string, string>): string {
  const modulesDir = join(workDir, "src/modules");
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(modulesDir, path)), { recursive: true });
    writeFileSync(join(modulesDir, path), body);
  }
  return modulesDir;
}

describe("the modules' folder graph", () => {
  it("has no pair (or longer loop) of modules importing each other in the real tree", () => {
    const graph = readModuleGraph(join(import.meta.dirname, "../../src/modules"));
    const cycles = findModuleCycles(graph);
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles, describeModuleCycles(graph, cycles)).toEqual([]);
  });

  it("reports a planted pair and a planted loop, naming the imports, and nothing else", () => {
    const modulesDir = writeModules({
      // A pair through different files: no file cycle, so madge would not see it.
      "alpha/alpha-reader.ts": 'import { beta } from "../beta/beta-writer";\nexport const a = beta;\n',
      "beta/beta-writer.ts": "export const beta = 1;\n",
      "beta/beta-reader.ts": 'import type { Alpha } from "../alpha";\nexport type B = Alpha;\n',
      "alpha/index.ts": "export type Alpha = number;\n",
      // A loop of three, one leg a dynamic import from a nested folder.
      "cat/cat.ts": 'export { d } from "../dog/dog";\n',
      "dog/dog.ts": 'export const d = 1;\nexport { e } from "../eel/eel";\n',
      "eel/deep/eel-part.ts": 'export const load = () => import("../../cat/cat");\n',
      "eel/eel.ts": "export const e = 1;\n",
      // One-way imports, imports out of modules/ and a commented-out import are not cycles.
      "fox/fox.ts":
        'import { a } from "../alpha/alpha-reader";\nimport { x } from "../../lib/x";\n' +
        '// import { f } from "../fox/fox";\nexport const f = a + x;\n',
      "lib-user/uses-fox.ts": 'import { f } from "../fox/fox";\nexport const g = f;\n',
    });

    const graph = readModuleGraph(modulesDir);
    const cycles = findModuleCycles(graph);

    expect(cycles).toEqual([
      ["alpha", "beta"],
      ["cat", "dog", "eel"],
    ]);
    const described = describeModuleCycles(graph, cycles);
    expect(described).toContain("modules alpha, beta import each other");
    expect(described).toContain("alpha → beta: alpha/alpha-reader.ts: ../beta/beta-writer");
    expect(described).toContain("beta → alpha: beta/beta-reader.ts: ../alpha");
    expect(described).toContain("eel → cat: eel/deep/eel-part.ts: ../../cat/cat");
    expect(described).not.toContain("fox");
  });
});
