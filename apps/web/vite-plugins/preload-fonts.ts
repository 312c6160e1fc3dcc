import type { Plugin } from "vite";

/**
 * Adds `<link rel="preload" as="font">` to index.html for the built font files matching `patterns`.
 * The stylesheet names the fonts, but the browser only asks for a font once the CSS is parsed and
 * text is laid out with it, after the scripts; preloaded, the Latin files of the body and display
 * fonts download alongside the scripts, and the first page's text appears in them sooner.
 */
export function preloadFonts(patterns: RegExp[]): Plugin {
  let base = "/";
  return {
    name: "wonderkin:preload-fonts",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {}).filter(
          (file) => file.endsWith(".woff2") && patterns.some((pattern) => pattern.test(file)),
        );
        if (files.length < patterns.length) {
          throw new Error(
            `preload-fonts: expected a font file for each of ${patterns.join(", ")}, found ${files.join(", ") || "none"}`,
          );
        }
        return files.map((file) => ({
          tag: "link",
          attrs: { rel: "preload", as: "font", type: "font/woff2", href: `${base}${file}`, crossorigin: "" },
          injectTo: "head" as const,
        }));
      },
    },
  };
}
