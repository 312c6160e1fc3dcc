import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ResolvedConfig } from "vite";
import { afterAll, expect, it } from "vitest";
import { precompressAssets } from "./precompress-assets";

const outDir = await mkdtemp(path.join(tmpdir(), "wonderkin-precompress-"));
afterAll(() => rm(outDir, { recursive: true, force: true }));

it("writes a brotli and a gzip copy of each text file worth compressing, and of nothing else", async () => {
  const script = `export const words = ${JSON.stringify("Mia the astronaut ".repeat(300))};`;
  await mkdir(path.join(outDir, "assets"));
  await mkdir(path.join(outDir, "images/category"), { recursive: true });
  await writeFile(path.join(outDir, "assets/app-1.js"), script);
  await writeFile(path.join(outDir, "assets/app-1.js.map"), script);
  await writeFile(path.join(outDir, "assets/tiny-2.js"), "export {};");
  await writeFile(path.join(outDir, "images/category/space.svg"), `<svg>${"<g/>".repeat(500)}</svg>`);
  await writeFile(path.join(outDir, "images/category/space.webp"), Buffer.alloc(4096, 7));

  const plugin = precompressAssets();
  (plugin.configResolved as (config: ResolvedConfig) => void)({
    root: outDir,
    build: { outDir: "." },
  } as ResolvedConfig);
  await (plugin.closeBundle as () => Promise<void>)();

  const written = (await readdir(outDir, { recursive: true })).filter((file) => /\.(br|gz)$/.test(file));
  expect(written.sort()).toEqual(
    [
      "assets/app-1.js.br",
      "assets/app-1.js.gz",
      "images/category/space.svg.br",
      "images/category/space.svg.gz",
    ].map((file) => path.normalize(file)),
  );
  const br = await readFile(path.join(outDir, "assets/app-1.js.br"));
  const gz = await readFile(path.join(outDir, "assets/app-1.js.gz"));
  expect(brotliDecompressSync(br).toString()).toBe(script);
  expect(gunzipSync(gz).toString()).toBe(script);
  expect(br.length).toBeLessThan(gz.length);
});
