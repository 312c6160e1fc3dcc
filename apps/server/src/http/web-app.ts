import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import {
  FIRST_ANSWERS_ELEMENT_ID,
  type FirstAnswers,
  PORTRAIT_PHONE_SCREEN,
  PORTRAIT_TILE_SIZES,
  PORTRAIT_WIDER_SCREEN,
  PUBLIC_CONFIG_ELEMENT_ID,
  ROUTE_MODULES_ELEMENT_ID,
} from "@wonderkin/contract/rules";
import type { FastifyInstance, FastifyReply } from "fastify";
import { escapeHtml } from "../lib/escape-html";
import { firstPicturesOf } from "./first-answers";
import { type PrerenderedPage, prerenderedPages } from "./prerendered-pages";
import { routeModulePreloads } from "./route-preloads";
import { allowStyleAttributeHashes, allowStyleNonce } from "./security-headers";

/** Vite puts content-hashed files under /assets: their URL changes with their content. */
const HASHED_ASSET = /^\/assets\//;
const ONE_YEAR_SECONDS = 31_536_000;

/** The built index.html with the configured product name as title and application-name. */
export function brandIndexHtml(html: string, appName: string): string {
  const name = escapeHtml(appName);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`);
}

export type WebApp = {
  /**
   * The app's page for a client route, with its public copy if it has one; `visitor` says whether
   * the browser carries the signed-in-before mark (which copy `/` gets depends on it) and, for a
   * browser with a session cookie, the first answers its page would ask for (decision 0064).
   */
  sendIndex(
    reply: FastifyReply,
    url: string,
    visitor: { signedInBefore: boolean; firstAnswers: FirstAnswers | null },
  ): Promise<FastifyReply>;
};

/**
 * The public configuration inside the page, as a JSON data block (never executed, so the script
 * policy does not apply), so the first paint (social buttons, the landing's numbers, the privacy
 * policy's periods) does not wait for a request to /api/config. "<" is escaped so that no value can
 * close the element.
 */
function withPublicConfig(html: string, config: unknown): string {
  return withJsonBlock(html, PUBLIC_CONFIG_ELEMENT_ID, config);
}

/** A JSON data block at the end of the head; "<" escaped so that no value can close the element. */
function withJsonBlock(html: string, id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  return beforeHeadEnd(html, `    <script type="application/json" id="${id}">${json}</script>\n`);
}

/** `text` inserted just before `</head>`; a function, so "$&" or "$1" in it is never a pattern. */
function beforeHeadEnd(html: string, text: string): string {
  return text ? html.replace("</head>", () => `${text}  </head>`) : html;
}

/**
 * A signed-in page's first answers (decision 0064), in a data block the app reads before it asks
 * anything. Only the browser whose session cookie they were asked with receives them.
 */
function withFirstAnswers(html: string, answers: FirstAnswers | null): string {
  if (!answers) return html;
  // The tiles' own choice (decision 0065): the thumbnail on a phone, the srcset on a wider screen.
  const preload = (href: string, rest: string) =>
    `    <link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}"${rest} />\n`;
  const preloads = firstPicturesOf(answers)
    .map(
      (picture) =>
        preload(picture.href, ` media="${escapeHtml(PORTRAIT_PHONE_SCREEN)}"`) +
        preload(
          picture.href,
          ` imagesrcset="${escapeHtml(picture.srcSet)}" imagesizes="${escapeHtml(PORTRAIT_TILE_SIZES)}" media="${escapeHtml(PORTRAIT_WIDER_SCREEN)}"`,
        ),
    )
    .join("");
  return withJsonBlock(beforeHeadEnd(html, preloads), FIRST_ANSWERS_ELEMENT_ID, answers);
}

/**
 * The route's own chunks, asked for with the entry's (decision 0064). A page with a copy lists them
 * for its start script instead, which asks for them after the first paint, as it does the entry's
 * (apps/web/vite-plugins/start-after-first-paint.ts).
 */
function withRouteModules(html: string, files: string[], afterFirstPaint: boolean): string {
  if (files.length === 0) return html;
  if (afterFirstPaint) return withJsonBlock(html, ROUTE_MODULES_ELEMENT_ID, files);
  const links = files
    .map((file) => `    <link rel="modulepreload" crossorigin href="${escapeHtml(file)}">\n`)
    .join("");
  return beforeHeadEnd(html, links);
}

/** The page learns its style nonce from this meta tag (the CSP header of the same response allows it). */
function withStyleNonce(html: string, nonce: string): string {
  return beforeHeadEnd(html, `    <meta name="csp-nonce" content="${nonce}" />\n`);
}

/**
 * The server's copy of a public page goes just before the app's root, which replaces it. The scripts'
 * preloads leave the page: its start script asks for them once the copy is painted, so that the
 * stylesheet and fonts the copy needs do not share the connection with them (apps/web/vite-plugins/
 * start-after-first-paint.ts).
 */
function withPrerenderedPage(html: string, page: PrerenderedPage | null): string {
  if (!page) return html;
  return html
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace('<div id="root"></div>', () => `${page.html}<div id="root"></div>`);
}

/**
 * Serves the built web app, precompressed. Hashed assets are cached for a year; everything else (preview images,
 * icons) is revalidated, and index.html is never cached, so a deploy is picked up on the next visit.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; appName: string; readPublicConfig: () => Promise<unknown> },
): Promise<WebApp | null> {
  const indexFile = path.join(options.distDir, "index.html");
  if (!existsSync(indexFile)) return null;
  const indexHtml = brandIndexHtml(readFileSync(indexFile, "utf8"), options.appName);
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies of every text file (apps/web/vite-plugins/
    // precompress-assets.ts): sent as they are, with Content-Encoding and Vary, to a browser that
    // takes them, so no asset is compressed per request.
    preCompressed: true,
    // Not index.html (served by sendIndex), the server-side entry of the public pages' copies, nor
    // the build's manifest (read by the server for the route preloads).
    allowedPath: (pathName) =>
      pathName !== "/index.html" && !pathName.startsWith("/ssr/") && !pathName.startsWith("/.vite/"),
    setHeaders(reply, filePath) {
      const urlPath = `/${path.relative(options.distDir, filePath).split(path.sep).join("/")}`;
      reply.header(
        "cache-control",
        HASHED_ASSET.test(urlPath)
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : "public, max-age=0, must-revalidate",
      );
    },
  });
  const publicPages = prerenderedPages(options.distDir, app.log);
  const routePreloads = routeModulePreloads(options.distDir);
  return {
    async sendIndex(reply, url, visitor) {
      const nonce = randomBytes(16).toString("base64");
      const config = await options.readPublicConfig();
      const copy =
        (await publicPages.forRequest(url, config, visitor)) ??
        (visitor.firstAnswers ? await publicPages.forSignedIn(url, config, visitor.firstAnswers) : null);
      const csp = reply.getHeader("content-security-policy");
      if (typeof csp === "string") {
        const withNonce = allowStyleNonce(csp, nonce);
        reply.header(
          "content-security-policy",
          allowStyleAttributeHashes(withNonce, copy?.styleAttributeHashes ?? []),
        );
      }
      const page = withFirstAnswers(
        withPublicConfig(
          withRouteModules(
            withPrerenderedPage(withStyleNonce(indexHtml, nonce), copy),
            routePreloads(url),
            copy !== null,
          ),
          config,
        ),
        visitor.firstAnswers,
      );
      // `/` is painted differently with and without the signed-in-before cookie, and any page
      // carries a signed-in parent's first answers with the session cookie.
      reply.header("vary", "Cookie");
      // A page with a parent's answers in it is theirs alone: no cache keeps it.
      const caching = visitor.firstAnswers ? "private, no-store" : "no-cache";
      return reply.header("cache-control", caching).type("text/html; charset=utf-8").send(page);
    },
  };
}

/** A client-side route (no file extension, not under /api) gets index.html; React Router takes it from there. */
export function isClientRoute(method: string, url: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = url.split("?")[0] ?? "/";
  if (pathname === "/api" || pathname.startsWith("/api/")) return false;
  return path.extname(pathname) === "";
}
