import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createImportFixtures, importing } from "../../../test/lint-import-fixtures";

/**
 * The web app's layers (app → features → entities → shared components/lib/config) are kept by
 * Biome's noRestrictedImports overrides in the root biome.json. This lints small fixture files laid
 * out like the real tree, with the real configuration, and checks that each kind of wrong import is
 * an error and each right one is not — so a rule that stops matching fails here, not in review.
 */
const repoRoot = join(import.meta.dirname, "../../..");
const webSrc = join(repoRoot, "apps/web/src");
const fixtures = createImportFixtures("web-import-rules");

afterAll(() => fixtures.remove());

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

  fixtures.write({ ...wrong, ...right });
  const reported = fixtures.restrictedImportsByFile();

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
