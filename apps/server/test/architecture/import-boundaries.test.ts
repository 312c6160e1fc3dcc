import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createImportFixtures, importing } from "../../../../test/lint-import-fixtures";

/**
 * The server's layers (decisions 0044, 0045) are kept by Biome's noRestrictedImports overrides in the
 * root biome.json. Server code imports relatively, so the rules match the relative specifier
 * ("../../http/…"); this lints small fixture files laid out like the real tree, at each folder depth,
 * with the real configuration, and checks that each wrong import is an error and each right one is
 * not — so a rule that stops matching, or starts matching too much, fails here.
 */
const repoRoot = join(import.meta.dirname, "../../../..");
const serverSrc = join(repoRoot, "apps/server/src");
const fixtures = createImportFixtures("server-import-rules");

afterAll(() => fixtures.remove());

/** The folders of src/, bottom to top, and the folders each may import. */
const belowModules = [
  "lib",
  "config",
  "art",
  "observability",
  "emails",
  "db",
  "image-work",
  "jobs",
  "providers",
];
const layers = {
  lib: [],
  config: ["lib"],
  art: ["lib"],
  observability: ["lib", "config"],
  emails: ["lib", "config"],
  db: ["lib", "config"],
  "image-work": ["lib", "config", "art"],
  jobs: ["lib", "config", "db"],
  providers: ["lib", "config", "db", "image-work", "art", "emails", "observability"],
  modules: belowModules,
  http: [...belowModules, "modules"],
  cli: [...belowModules, "modules", "http"],
} satisfies Record<string, string[]>;
type Layer = keyof typeof layers;
const layerNames = Object.keys(layers) as Layer[];

/** The composition root: src/*.ts, which (like cli/) may import anything. */
const compositionRoot = ["app", "build-providers", "compose-domain", "job-registry", "main", "runtime"];

/** Where fixture files sit in each layer: one file per folder depth the real tree has. */
const locations: Record<Layer, string[]> = {
  lib: ["lib", "lib/nested"],
  config: ["config", "config/nested"],
  art: ["art", "art/nested"],
  observability: ["observability", "observability/nested"],
  emails: ["emails", "emails/nested"],
  db: ["db", "db/schema"],
  "image-work": ["image-work", "image-work/faces"],
  jobs: ["jobs", "jobs/nested"],
  providers: ["providers/storage", "providers/image-model/nested"],
  modules: ["modules/photos", "modules/auth/better-auth", "modules/studio", "modules/studio/rendering"],
  http: ["http", "http/nested"],
  cli: ["cli", "cli/nested"],
};

const src = (path: string) => `apps/server/src/${path}`;
const up = (location: string) => "../".repeat(location.split("/").length);

const entries = (path: string) => readdirSync(join(serverSrc, path), { withFileTypes: true });
const studioParts = entries("modules/studio")
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("server import boundaries", () => {
  const wrong: Record<string, string> = {};
  const right: Record<string, string> = {};

  for (const layer of layerNames) {
    for (const location of locations[layer]) {
      const climb = up(location);
      for (const target of layerNames.filter((name) => name !== layer)) {
        const allowed = (layers[layer] as string[]).includes(target);
        (allowed ? right : wrong)[src(`${location}/imports-${target}.ts`)] = importing(
          `${climb}${target}/some-file`,
        );
        // An index import ("../../emails") names the folder alone.
        (allowed ? right : wrong)[src(`${location}/imports-${target}-index.ts`)] = importing(
          `${climb}${target}`,
        );
      }
      for (const rootFile of compositionRoot) {
        (layer === "cli" ? right : wrong)[src(`${location}/imports-root-${rootFile}.ts`)] = importing(
          `${climb}${rootFile}`,
        );
      }
      // Its own folder, npm packages and Node built-ins whose names contain a layer's name.
      right[src(`${location}/imports-its-own-folder.ts`)] = importing("./some-file");
      right[src(`${location}/imports-packages.ts`)] =
        `${importing("vitest/config")}export { createServer } from "node:http";\n` +
        `export { eq } from "drizzle-orm";\nexport { styles } from "@wonderkin/contract";\n`;
    }
  }
  // The one exception below db/: the schema stores the safety classifier's scores as its type.
  right[src("db/schema/imports-safety-scores.ts")] = importing("../../image-work/safety/safety-classifier");
  wrong[src("db/schema/imports-other-image-work.ts")] = importing(
    "../../image-work/safety/nsfwjs-classifier",
  );

  for (const part of studioParts) {
    const other = studioParts.find((name) => name !== part) ?? "other";
    const outsiders = {
      [`modules/privacy/imports-${part}`]: `../studio/${part}`,
      [`modules/auth/better-auth/imports-${part}`]: `../../studio/${part}`,
      [`modules/studio/imports-${part}`]: `./${part}`,
      [`modules/studio/${other}/imports-${part}`]: `../${part}`,
      [`http/imports-${part}`]: `../modules/studio/${part}`,
      [`cli/imports-${part}`]: `../modules/studio/${part}`,
      [`imports-${part}`]: `./modules/studio/${part}`,
    };
    for (const [file, entry] of Object.entries(outsiders)) {
      right[src(`${file}-entry.ts`)] = importing(entry);
      right[src(`${file}-index.ts`)] = importing(`${entry}/index`);
      wrong[src(`${file}-inside.ts`)] = importing(`${entry}/some-file`);
      wrong[src(`${file}-deep-inside.ts`)] = importing(`${entry}/nested/some-file`);
    }
    right[src(`modules/studio/${part}/imports-its-own-file.ts`)] = importing("./some-file");
  }

  fixtures.write({ ...wrong, ...right });
  const reported = fixtures.restrictedImportsByFile();

  it("knows every folder and composition-root file of the real src/, and every studio part", () => {
    const folders = entries("")
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const rootFiles = entries("")
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
      .map((entry) => entry.name.replace(/\.ts$/, ""));
    // A new folder or root file needs its place in biome.json's server overrides and in `layers`.
    expect(folders.sort()).toEqual([...layerNames].sort());
    expect(rootFiles.sort()).toEqual(compositionRoot);
    expect(studioParts).toEqual(
      expect.arrayContaining(["training", "rendering", "previews", "gallery", "sharing"]),
    );
  });

  it.each(Object.keys(wrong))("refuses %s", (path) => {
    expect(reported.get(path), `${path} should be a lint error`).toHaveLength(1);
  });

  it.each(Object.keys(right))("allows %s", (path) => {
    expect(reported.get(path)).toBeUndefined();
  });

  it("says what to do instead", () => {
    const messages = [...reported.values()].flat().join("\n");
    expect(messages).toContain("image-work/ is pure image code below the domain");
    expect(messages).toContain("modules/ never import http/, cli/ or the composition root");
    expect(messages).toContain("imports it only through its index.ts");
  });
});
