import type { Plugin } from "vite";

const SONNER_ENTRY = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;
const INJECTOR = "function __insertCSS(code) {";

/**
 * sonner appends a <style> element when imported, which our Content-Security-Policy (style-src
 * 'self' plus a nonce) refuses. Its stylesheet is imported as a file instead (see styles.css), and
 * the injector is turned into a no-op here. Fails the build if sonner changes shape, rather than
 * silently bringing the CSP violation back.
 */
export function stripSonnerStyleInjection(): Plugin {
  return {
    name: "wonderkin:strip-sonner-style-injection",
    enforce: "pre",
    transform(code, id) {
      if (!SONNER_ENTRY.test(id)) return null;
      if (!code.includes(INJECTOR)) {
        this.error(`sonner no longer defines ${INJECTOR}: update ${import.meta.url}`);
      }
      return { code: code.replace(INJECTOR, `${INJECTOR} return;`), map: null };
    },
  };
}
