import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite puts content-hashed files under /assets: their URL changes with their content. */
const HASHED_ASSET = /^\/assets\//;
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app. Hashed assets are cached for a year; everything else (index.html,
 * preview images) is revalidated, so a deploy is picked up on the next navigation.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const urlPath = `/${path.relative(distDir, filePath).split(path.sep).join("/")}`;
      res.header(
        "cache-control",
        HASHED_ASSET.test(urlPath) ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : "public, max-age=0, must-revalidate",
      );
    },
  });
  return true;
}

/** A client-side route (no file extension, not under /api) gets index.html; React Router takes it from there. */
export function isClientRoute(method: string, url: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = url.split("?")[0] ?? "/";
  if (pathname === "/api" || pathname.startsWith("/api/")) return false;
  return path.extname(pathname) === "";
}
