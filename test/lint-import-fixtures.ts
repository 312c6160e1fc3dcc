import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * Lints fixture files with the repository's real biome.json and reports its noRestrictedImports
 * errors per file: the web's and the server's import-boundary tests (decisions 0025, 0044) lay out
 * small files like the real tree and check which imports the layer rules refuse.
 */
const repoRoot = join(import.meta.dirname, "..");
const biome = join(repoRoot, "node_modules/.bin/biome");

type Diagnostic = { category: string; message: string; location: { path: string } };

export type ImportFixtures = {
  /** Writes the fixture files (paths relative to the fixture project's root, e.g. `apps/web/src/…`). */
  write(files: Record<string, string>): void;
  /** One Biome run over the fixtures' `apps/`: each file's noRestrictedImports messages. */
  restrictedImportsByFile(): Map<string, string[]>;
  remove(): void;
};

export function createImportFixtures(name: string): ImportFixtures {
  const workDir = mkdtempSync(join(tmpdir(), `wonderkin-${name}-`));
  return {
    write(files) {
      // The real configuration; only the VCS link (there is no repository in the folder) is dropped.
      const {
        vcs: _vcs,
        $schema: _schema,
        ...config
      } = JSON.parse(readFileSync(join(repoRoot, "biome.json"), "utf8"));
      writeFileSync(join(workDir, "biome.json"), JSON.stringify(config));
      for (const [path, body] of Object.entries(files)) {
        mkdirSync(dirname(join(workDir, path)), { recursive: true });
        writeFileSync(join(workDir, path), body);
      }
    },
    restrictedImportsByFile() {
      let output: string;
      try {
        output = execFileSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "apps"], {
          cwd: workDir,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
          maxBuffer: 64 * 1024 * 1024,
        });
      } catch (error) {
        // Biome exits non-zero when it reports errors; its JSON report is still on stdout.
        output = String((error as { stdout?: string }).stdout ?? "");
      }
      const report = JSON.parse(output.slice(output.indexOf("{"))) as { diagnostics: Diagnostic[] };
      const byFile = new Map<string, string[]>();
      for (const diagnostic of report.diagnostics) {
        if (diagnostic.category !== "lint/style/noRestrictedImports") continue;
        const path = diagnostic.location.path;
        byFile.set(path, [...(byFile.get(path) ?? []), diagnostic.message]);
      }
      return byFile;
    },
    remove() {
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** A fixture file's whole body: one import of `specifier`, used. */
export function importing(specifier: string): string {
  return `import { piece } from "${specifier}";\nexport const used = piece;\n`;
}
