import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The magic studio's address (apps/web/src/app/routes.tsx); its child id is the first group. */
export const STUDIO_PAGE_PATH = /^\/kids\/children\/(\d{1,9})\/magic-studio\/?$/;

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * Pages whose modules the server names in the page it sends, so the browser fetches the page's
 * chunks alongside the app's entry rather than after the entry has run and matched the route
 * (decision 0064). The magic studio is the page parents open most, and its largest; with it, the
 * signed-in header's right side, which every signed-in page loads as soon as it has a session.
 */
export const preloadedRouteModules: readonly { pattern: RegExp; sources: readonly string[] }[] = [
  {
    pattern: STUDIO_PAGE_PATH,
    sources: ["src/features/studio/components/magic-studio-page.tsx", "src/app/header-actions.tsx"],
  },
];

/** A chunk's file and every chunk it imports statically, depth first, each once. */
function chunkFiles(manifest: Manifest, key: string, seen: Set<string>): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, seen))];
}

/**
 * For a page's URL, the `/assets/…` scripts of its route module that the entry does not already
 * preload, read from the web build's manifest (`dist/.vite/manifest.json`); none when the build has
 * no manifest or the route is not listed.
 */
export function routeModulePreloads(distDir: string): (url: string) => string[] {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const withEntry = new Set(entryKeys.flatMap((key) => chunkFiles(manifest, key, new Set())));
  const byRoute = preloadedRouteModules.map(({ pattern, sources }) => {
    const seen = new Set<string>();
    return {
      pattern,
      files: sources
        .flatMap((source) => chunkFiles(manifest, source, seen))
        .filter((file) => !withEntry.has(file))
        .map((file) => `/${file}`),
    };
  });
  return (url) => {
    const pathname = url.split("?")[0] ?? "";
    return byRoute.find((route) => route.pattern.test(pathname))?.files ?? [];
  };
}
