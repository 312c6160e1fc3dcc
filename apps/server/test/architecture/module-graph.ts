import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/**
 * The folder graph of `src/modules/*`: which module imports which. Biome's import rules see one file
 * at a time, so "no two modules import each other" (decision 0045) is checked here, on the graph of
 * the whole folder. madge (`npm run cycles`) only finds file-level cycles; two modules can import each
 * other through different files without any file cycle, and that is what this catches.
 */

/** module → module it imports → the importing lines, as "file: specifier" (for the failure message). */
export type ModuleGraph = Map<string, Map<string, string[]>>;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module a path under modulesDir belongs to: its first folder (a loose file counts by its name). */
function moduleOf(modulesDir: string, path: string): string | undefined {
  const inside = relative(modulesDir, path);
  if (inside === "" || inside.startsWith("..")) return undefined;
  return inside.split(sep)[0]?.replace(/\.tsx?$/, "");
}

export function readModuleGraph(modulesDir: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    if (from === undefined) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    // TypeScript's own scanner: static imports, re-exports, `import type` and dynamic `import()`,
    // and nothing inside comments or strings.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith(".")) continue;
      const to = moduleOf(modulesDir, resolve(dirname(file), specifier));
      if (to === undefined || to === from) continue;
      const edges = graph.get(from) as Map<string, string[]>;
      edges.set(to, [...(edges.get(to) ?? []), `${relative(modulesDir, file)}: ${specifier}`]);
    }
  }
  return graph;
}

/**
 * Every group of modules that reach each other through imports (Tarjan's strongly connected
 * components, of two modules or more): a pair importing each other, or a longer loop. Sorted, so the
 * result is stable.
 */
export function findModuleCycles(graph: ModuleGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (module: string): void => {
    index.set(module, index.size);
    lowLink.set(module, index.get(module) as number);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(module, Math.min(lowLink.get(module) as number, lowLink.get(next) as number));
      } else if (onStack.has(next)) {
        lowLink.set(module, Math.min(lowLink.get(module) as number, index.get(next) as number));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1) cycles.push(component.sort());
  };

  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** Each cycle with the imports that close it, so the reader knows which lines to move. */
export function describeModuleCycles(graph: ModuleGraph, cycles: string[][]): string {
  return cycles
    .map((members) => {
      const lines = members.flatMap((from) =>
        [...(graph.get(from)?.entries() ?? [])]
          .filter(([to]) => members.includes(to))
          .map(([to, imports]) => `  ${from} → ${to}: ${imports.join(", ")}`),
      );
      return `modules ${members.join(", ")} import each other:\n${lines.join("\n")}`;
    })
    .join("\n");
}

// `tsx apps/server/test/architecture/module-graph.ts` (run by `npm run cycles`) checks the real tree.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const modulesDir = join(import.meta.dirname, "../../src/modules");
  const graph = readModuleGraph(modulesDir);
  const cycles = findModuleCycles(graph);
  if (cycles.length > 0) {
    console.error(`${describeModuleCycles(graph, cycles)}\nMove the shared piece down or behind a port.`);
    process.exit(1);
  }
  console.log(`No module pair imports each other (${graph.size} modules).`);
}
