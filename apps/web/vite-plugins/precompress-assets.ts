import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser fetches; source maps are left alone (only devtools read them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its own response headers. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every text file of
 * the build, once, at build time, so the server sends them with `Content-Encoding` without
 * compressing on each request (@fastify/static's `preCompressed`). A copy is kept only when it is
 * smaller than the original.
 */
export function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "wonderkin:precompress-assets",
    // Not the server-side entry (dist/ssr): the server reads it, no browser does.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the whole output is written, public/ files (icons, preview art) included.
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full).catch(() => null);
          if (!body || body.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          if (br.length < body.length) await writeFile(`${full}.br`, br);
          if (gz.length < body.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}
