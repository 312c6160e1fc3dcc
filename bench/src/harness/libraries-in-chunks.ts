import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The npm packages whose code is in the built JS files at these URL paths (`/assets/x.js`), read
 * from the build's source maps: which libraries a page really loaded, whatever its chunks are named.
 */
export function librariesInChunks(webDist: string, urlPaths: string[]): Set<string> {
  const found = new Set<string>();
  for (const urlPath of urlPaths) {
    const mapFile = path.join(webDist, `${urlPath}.map`);
    if (!urlPath.endsWith(".js") || !existsSync(mapFile)) continue;
    const { sources } = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[] };
    for (const source of sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (name) found.add(name);
    }
  }
  return found;
}
