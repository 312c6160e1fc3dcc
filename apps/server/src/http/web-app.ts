import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@wonderkin/contract/rules";
import type { FastifyInstance, FastifyReply } from "fastify";
import { allowStyleNonce } from "./security-headers";

/** Vite puts content-hashed files under /assets: their URL changes with their content. */
const HASHED_ASSET = /^\/assets\//;
const ONE_YEAR_SECONDS = 31_536_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The built index.html with the configured product name as title and application-name. */
export function brandIndexHtml(html: string, appName: string): string {
  const name = escapeHtml(appName);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`);
}

export type WebApp = { sendIndex(reply: FastifyReply): Promise<FastifyReply> };

/**
 * The public configuration inside the page, as a JSON data block (never executed, so the script
 * policy does not apply), so the first paint (social buttons, the landing's numbers, the privacy
 * policy's periods) does not wait for a request to /api/config. "<" is escaped so that no value can
 * close the element.
 */
function withPublicConfig(html: string, config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  // A function, so that "$&" or "$1" in a value is never read as a replacement pattern.
  return html.replace(
    "</head>",
    () => `    <script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>\n  </head>`,
  );
}

/** The page learns its style nonce from this meta tag (the CSP header of the same response allows it). */
function withStyleNonce(html: string, nonce: string): string {
  return html.replace("</head>", `    <meta name="csp-nonce" content="${nonce}" />\n  </head>`);
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
    allowedPath: (pathName) => pathName !== "/index.html",
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
  return {
    async sendIndex(reply) {
      const nonce = randomBytes(16).toString("base64");
      const csp = reply.getHeader("content-security-policy");
      if (typeof csp === "string") reply.header("content-security-policy", allowStyleNonce(csp, nonce));
      const page = withPublicConfig(withStyleNonce(indexHtml, nonce), await options.readPublicConfig());
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
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
