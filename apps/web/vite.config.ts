import { createRequire } from "node:module";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressAssets } from "./vite-plugins/precompress-assets";
import { preloadFonts } from "./vite-plugins/preload-fonts";
import { startAfterFirstPaint } from "./vite-plugins/start-after-first-paint";
import { stripSonnerStyleInjection } from "./vite-plugins/strip-sonner-style-injection";

const contractSource = /packages[\\/]contract[\\/]src[\\/]/;

// In development the API runs on its own port (npm run dev starts both); Vite proxies /api to it so
// the browser sees one origin, exactly as in production where the server serves the built app.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3000"}`;

// React Router's package exports name only its development build, whose warnings (and the code that
// checks for them) a built app would carry and run; the production build beside it differs only in
// that flag (remix-run/react-router#14102, open). Built apps take it; tests and `vite dev` keep the
// warnings.
const reactRouterProductionBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    stripSonnerStyleInjection(),
    react(),
    tailwindcss(),
    // The Latin subsets of the body (Nunito) and display (Fraunces) fonts every page's text uses.
    preloadFonts([/nunito-latin-wght-normal-/, /fraunces-latin-wght-normal-/]),
    // The entry is evaluated after the first paint, so a public page's server-rendered copy shows first.
    startAfterFirstPaint(),
    // .br and .gz copies of every text file, sent as they are by the server (no per-request work).
    precompressAssets(),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: new URL("./src", import.meta.url).pathname },
      ...(command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild }] : []),
    ],
  },
  // The server-side entry (the copy of a public page, decision 0037) carries its dependencies, so the
  // server runs it whatever is installed beside it.
  ssr: { noExternal: true },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  build: {
    // Not for the server-side entry: Node does not read them unless told, and they weigh megabytes.
    sourcemap: !isSsrBuild,
    // public/ (icons, preview art) belongs to the browser's build only.
    copyPublicDir: !isSsrBuild,
    // Which chunks each page module needs: the server preloads the studio's with its page (decision 0064).
    manifest: !isSsrBuild,
    target: "es2022",
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // @wonderkin/contract keeps its constants beside its zod schemas, and a schema is a call
        // (z.object(…), defineEndpoint(…)) that a bundler must keep unless told it is pure. Told so,
        // and that the contract's modules do nothing when imported, a page gets only the schemas it
        // uses: not every endpoint of the contract, nor the style catalogue with every import of it.
        moduleSideEffects: (id: string) => (contractSource.test(id) ? false : undefined),
        manualPureFunctions: ["z", "defineEndpoint"],
      },
      output: {
        // The style catalogue (≈ 10 KB gzipped of titles, prompts and art) is its own chunk, loaded
        // by the pages that show styles; otherwise it joins the shared chunk every page loads.
        advancedChunks: {
          groups: [
            { name: "catalogue", test: /packages[\\/]contract[\\/]src[\\/]catalogue[\\/]/ },
            {
              // Every page loads it, so the infinite list's observer (the studio's gallery only)
              // stays with the pages that use it.
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/](?!.*(infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js$)/,
            },
            {
              // What the public pages share, with the contract's zod-free rules; the portrait
              // pictures' rules are the studio's only, so they stay in the studio's chunks.
              name: "public-pages",
              test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](input|password-input|alert|page-header|icon-badge|text-link|field)\.tsx|lib[\\/](cn|local-storage|api-error|plain-request|public-config|form-rules|first-answers|signed-media)\.ts|entities[\\/]session[\\/](session-storage|get-user)\.ts|features[\\/]auth[\\/](components[\\/]social-(sign-in-buttons|popup)\.tsx|lib[\\/]with-return-url\.ts)|components[\\/]forms[\\/]use-checked-form\.ts)|packages[\\/]contract[\\/]src[\\/]rules[\\/](?!portrait-pictures)/,
            },
          ],
        },
      },
    },
  },
}));
