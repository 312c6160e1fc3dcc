import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The web app's layers (app → features → entities → shared components/lib/config) are kept by
 * Biome's noRestrictedImports overrides in the root biome.json. This lints small fixture files laid
 * out like the real tree, with the real configuration, and checks that each kind of wrong import is
 * an error and each right one is not — so a rule that stops matching fails here, not in review.
 */
const repoRoot = join(import.meta.dirname, "../../..");
const webSrc = join(repoRoot, "apps/web/src");
const biome = join(repoRoot, "node_modules/.bin/biome");
const workDir = mkdtempSync(join(tmpdir(), "wonderkin-import-rules-"));

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type Diagnostic = { category: string; message: string; location: { path: string } };

function writeFixtures(files: Record<string, string>): void {
  // The fixture project uses the real configuration; only the VCS link (there is no repository in
  // the temporary folder) is dropped.
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
}

function restrictedImportsByFile(): Map<string, string[]> {
  let output: string;
  try {
    output = execFileSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "apps"], {
      cwd: workDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    // Biome exits non-zero when it reports errors; its JSON report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? "");
  }
  const report = JSON.parse(output.slice(output.indexOf("{"))) as { diagnostics: Diagnostic[] };
  const byFile = new Map<string, string[]>();
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.category !== "lint/style/noRestrictedImports") continue;
    byFile.set(diagnostic.location.path, [
      ...(byFile.get(diagnostic.location.path) ?? []),
      diagnostic.message,
    ]);
  }
  return byFile;
}

function importing(specifier: string): string {
  return `import { piece } from "${specifier}";\nexport const used = piece;\n`;
}

const folders = (path: string) =>
  readdirSync(join(webSrc, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe("web import boundaries", () => {
  const features = folders("features");
  const entities = folders("entities");
  const wrong: Record<string, string> = {};
  const right: Record<string, string> = {};

  for (const feature of features) {
    const other = features.find((name) => name !== feature) ?? "other";
    const base = `apps/web/src/features/${feature}/components`;
    wrong[`${base}/imports-another-feature.ts`] = importing(`@/features/${other}/components/page`);
    wrong[`${base}/imports-another-feature-relatively.ts`] = importing(`../../${other}/lib/helper`);
    wrong[`${base}/imports-app.ts`] = importing("@/app/guard");
    right[`${base}/imports-its-own-feature.ts`] = importing(`@/features/${feature}/lib/helper`);
    right[`${base}/imports-its-own-folder.ts`] = importing("../lib/helper");
    right[`${base}/imports-entities-and-shared.ts`] =
      `${importing("@/entities/session/get-session")}export { cn } from "@/lib/cn";\n` +
      `export { Button } from "@/components/ui/button";\nexport { paths } from "@/config/paths";\n`;
  }
  for (const entity of entities) {
    const base = `apps/web/src/entities/${entity}`;
    wrong[`${base}/imports-a-feature.ts`] = importing(`@/features/${features[0]}/lib/helper`);
    wrong[`${base}/imports-app.ts`] = importing("@/app/routes");
    wrong[`${base}/imports-out-relatively.ts`] = importing("../session/get-session");
    right[`${base}/imports-shared.ts`] = importing("@/lib/api-client");
  }
  for (const shared of ["lib", "config", "components/ui"]) {
    const base = `apps/web/src/${shared}`;
    wrong[`${base}/shared-imports-an-entity.ts`] = importing("@/entities/children/get-children");
    wrong[`${base}/shared-imports-a-feature.ts`] = importing(`@/features/${features[0]}/lib/helper`);
    wrong[`${base}/shared-imports-app.ts`] = importing("@/app/guard");
    right[`${base}/shared-imports-shared.ts`] = importing("@/lib/cn");
  }
  wrong["apps/web/src/app/imports-relatively-out.ts"] = importing("../features/auth/components/sign-in-page");
  right["apps/web/src/app/imports-a-feature.ts"] = importing("@/features/auth/components/sign-in-page");

  writeFixtures({ ...wrong, ...right });
  const reported = restrictedImportsByFile();

  it("covers every feature and entity folder of the real tree", () => {
    expect(features.length).toBeGreaterThan(5);
    expect(entities).toEqual(
      expect.arrayContaining(["session", "children", "billing", "catalogue", "training"]),
    );
  });

  it.each(Object.keys(wrong))("refuses %s", (path) => {
    expect(reported.get(path), `${path} should be a lint error`).toHaveLength(1);
  });

  it.each(Object.keys(right))("allows %s", (path) => {
    expect(reported.get(path)).toBeUndefined();
  });

  it("says where the code should live", () => {
    const messages = [...reported.values()].flat().join("\n");
    expect(messages).toContain("A feature never imports another feature");
    expect(messages).toContain("move it down into entities/");
    expect(messages).toContain("Shared code (components/, lib/, config/)");
  });
});
