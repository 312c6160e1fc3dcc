import { build } from "esbuild";

/**
 * Compiles the server to JavaScript (decision 0023): one ESM bundle per entry point in `dist/`,
 * with our own TypeScript (the server and the shared contract) inlined and every npm package left
 * as an import, so production runs `node apps/server/dist/main.js` with production dependencies
 * only — no tsx, no TypeScript at run time.
 */
const ourOwn = /^(\.|\/|@wonderkin\/)/;

await build({
  absWorkingDir: new URL("..", import.meta.url).pathname,
  entryPoints: {
    main: "src/main.ts",
    // The image-work pool's threads load this file beside main.js.
    "image-thread": "src/image-work/image-thread.ts",
    admin: "src/cli/admin.ts",
    "report-attribution": "src/cli/report-attribution.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "npm-packages-stay-external",
      setup(compiler) {
        compiler.onResolve({ filter: /.*/ }, (args) =>
          args.kind === "entry-point" || ourOwn.test(args.path)
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
