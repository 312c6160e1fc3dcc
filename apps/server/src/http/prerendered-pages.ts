import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  type FirstAnswers,
  homeCopyForNewVisitors,
  PRERENDERED_PAGE_ELEMENT_ID,
  prerenderedPagePaths,
} from "@wonderkin/contract/rules";
import type { FastifyBaseLogger } from "fastify";

/** What the web build's server-side entry exports (apps/web/src/prerender/server-entry.ts). */
type Renderer = {
  renderPublicPage(pathname: string, publicConfig: unknown): Promise<string | null>;
  renderSignedInPage(pathname: string, publicConfig: unknown, answers: FirstAnswers): Promise<string | null>;
};

export type PrerenderedPage = {
  /** The copy, inside its inert element, to go before the app's #root. */
  html: string;
  /** CSP hashes of its inline `style` attributes (a tile's colours), for `style-src-attr`. */
  styleAttributeHashes: string[];
};

/** Enough for every page under a few configurations; the configuration changes with a restart or a new sample. */
const MAX_CACHED = 24;

/**
 * The server-rendered copies of the public pages (decision 0037): the page a signed-out visitor
 * sees, drawn by the web build's own components (`dist/ssr`), so the browser paints it before its
 * scripts arrive. Rendered once per page and configuration and kept; the renderer is loaded at the
 * first public page, so a process that serves only the API never holds it. Any failure serves the
 * page without a copy, as before: the copy speeds the first paint and is never needed.
 */
export function prerenderedPages(distDir: string, log: FastifyBaseLogger) {
  const entry = path.join(distDir, "ssr", "server-entry.js");
  let renderer: Promise<Renderer | null> | undefined;
  const cache = new Map<string, Promise<PrerenderedPage | null>>();

  function loadRenderer(): Promise<Renderer | null> {
    renderer ??= existsSync(entry)
      ? import(pathToFileURL(entry).href).then(
          (module: Renderer) => module,
          (error: unknown) => {
            log.warn(
              { err: error, entry },
              "the public pages' renderer did not load: pages are served without a copy",
            );
            return null;
          },
        )
      : Promise.resolve(null);
    return renderer;
  }

  async function render(
    pathname: string,
    draw: (renderer: Renderer) => Promise<string | null>,
  ): Promise<PrerenderedPage | null> {
    const loaded = await loadRenderer();
    if (!loaded) return null;
    try {
      const html = await draw(loaded);
      if (html === null) return null;
      return {
        html: `<div id="${PRERENDERED_PAGE_ELEMENT_ID}" inert>${html}</div>`,
        styleAttributeHashes: styleAttributeHashes(html),
      };
    } catch (error) {
      log.warn({ err: error, pathname }, "a page could not be rendered: served without a copy");
      return null;
    }
  }

  return {
    /**
     * The copy of the page at this address, or null (not a public page, a query string, no
     * renderer). `/` gets sign-up's copy for a browser that has never been signed in here (the app
     * sends it there), and none for one that has (it may be signed in: the server cannot tell).
     */
    forRequest(
      url: string,
      publicConfig: unknown,
      visitor: { signedInBefore: boolean },
    ): Promise<PrerenderedPage | null> {
      const asked = copiedPath(url);
      if (asked === null) return Promise.resolve(null);
      const pathname = asked === "/" && !visitor.signedInBefore ? homeCopyForNewVisitors : asked;
      if (!(prerenderedPagePaths as readonly string[]).includes(pathname)) return Promise.resolve(null);
      const key = `${pathname}\n${JSON.stringify(publicConfig)}`;
      let page = cache.get(key);
      if (!page) {
        if (cache.size >= MAX_CACHED) cache.clear();
        page = render(pathname, (renderer) => renderer.renderPublicPage(pathname, publicConfig));
        cache.set(key, page);
      }
      return page;
    },

    /**
     * A signed-in parent's copy of the page at this address, drawn from the first answers the page
     * carries (decision 0066), or null (a page without one, a query string, no renderer). Drawn
     * for this request alone and never kept: it shows this parent's children.
     */
    forSignedIn(url: string, publicConfig: unknown, answers: FirstAnswers): Promise<PrerenderedPage | null> {
      const pathname = copiedPath(url);
      if (pathname === null) return Promise.resolve(null);
      return render(pathname, (renderer) => renderer.renderSignedInPage(pathname, publicConfig, answers));
    },
  };
}

export type PrerenderedPages = ReturnType<typeof prerenderedPages>;

/**
 * The path a copy is drawn for, without its trailing slash, or null with a query string: there (a
 * returnUrl, a failed social sign-in's error, a portrait to open) the page shows more than the copy
 * would, and the app draws it.
 */
function copiedPath(url: string): string | null {
  return url.includes("?") ? null : url.replace(/\/+$/, "") || "/";
}

const HTML_ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/** The hash a browser computes for an inline `style` attribute: of its value, as parsed. */
function styleAttributeHashes(html: string): string[] {
  const values = new Set<string>();
  for (const match of html.matchAll(/ style="([^"]*)"/g)) {
    values.add(
      (match[1] ?? "").replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => HTML_ENTITIES[entity] ?? entity),
    );
  }
  return [...values].map((value) => `'sha256-${createHash("sha256").update(value).digest("base64")}'`);
}
