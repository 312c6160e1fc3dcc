import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";

let distDir: string;
let testApp: TestApp;

const indexHtml = `<!doctype html><html><head>
<meta name="application-name" content="Wonderkin" />
<title>Wonderkin</title>
${'<link rel="modulepreload" href="/assets/chunk.js" />\n'.repeat(40)}</head><body><div id="root"></div></body></html>`;

/** A built script big enough to be worth compressing, with the copies the web build writes. */
const appScript = `console.log(${JSON.stringify("a portrait of Mia as an astronaut ".repeat(200))});`;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), "wk-dist-"));
  await mkdir(path.join(distDir, "assets"));
  await mkdir(path.join(distDir, "images/category"), { recursive: true });
  await writeFile(path.join(distDir, "index.html"), indexHtml);
  await writeFile(path.join(distDir, "assets/index-abc123.js"), "console.log('app')");
  await writeFile(path.join(distDir, "images/category/popular.webp"), "webp");
  await writeFile(path.join(distDir, "assets/app-def456.js"), appScript);
  await writeFile(path.join(distDir, "assets/app-def456.js.br"), brotliCompressSync(appScript));
  await writeFile(path.join(distDir, "assets/app-def456.js.gz"), gzipSync(appScript));
  await mkdir(path.join(distDir, ".vite"));
  await writeFile(path.join(distDir, ".vite/manifest.json"), JSON.stringify(manifest));
  testApp = await createTestApp({ NODE_ENV: "production", WEB_DIST_DIR: distDir, APP_NAME: "Wonder & Kin" });
});

/** The web build's manifest, as Vite writes it: the entry, the studio's page and the chunks they share. */
const manifest = {
  "index.html": { file: "assets/index-abc123.js", isEntry: true, imports: ["_framework-1.js"] },
  "_framework-1.js": { file: "assets/framework-1.js" },
  "_schemas-1.js": { file: "assets/schemas-1.js", imports: ["_framework-1.js"] },
  "_card-1.js": { file: "assets/card-1.js", imports: ["_schemas-1.js"] },
  "src/features/studio/components/magic-studio-page.tsx": {
    file: "assets/magic-studio-page-1.js",
    isDynamicEntry: true,
    imports: ["index.html", "_framework-1.js", "_card-1.js", "_schemas-1.js"],
    dynamicImports: ["_viewer-1.js"],
  },
  "_viewer-1.js": { file: "assets/viewer-1.js" },
  "src/app/header-actions.tsx": {
    file: "assets/header-actions-1.js",
    isDynamicEntry: true,
    imports: ["index.html", "_framework-1.js", "_card-1.js", "_session-1.js"],
  },
  "_session-1.js": { file: "assets/session-1.js" },
};

afterAll(async () => {
  await testApp.close();
  await rm(distDir, { recursive: true, force: true });
});

describe("serving the built web app in production", () => {
  it("sends the studio's page with its own chunks preloaded, and no other page with them", async () => {
    const studio = await testApp.app.inject({
      method: "GET",
      url: "/kids/children/7/magic-studio?from=menu",
    });
    const preloaded = [...studio.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
    // Its page module and what it imports that the entry does not; not its lazy parts. Then the
    // signed-in header's right side, each chunk once.
    expect(preloaded).toEqual([
      "/assets/magic-studio-page-1.js",
      "/assets/card-1.js",
      "/assets/schemas-1.js",
      "/assets/header-actions-1.js",
      "/assets/session-1.js",
    ]);
    const other = await testApp.app.inject({ method: "GET", url: "/kids/choose-theme" });
    expect(other.body).not.toContain("magic-studio-page-1.js");
    // The manifest itself is not served.
    expect((await testApp.app.inject({ method: "GET", url: "/.vite/manifest.json" })).statusCode).toBe(404);
  });

  it("answers client routes with index.html, never cached, titled with APP_NAME", async () => {
    for (const url of ["/", "/sign-up", "/kids/children/7/magic-studio", "/kids/choose-theme?x=1"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<title>Wonder &#38; Kin</title>");
      expect(response.body).toContain('<meta name="application-name" content="Wonder &#38; Kin" />');
    }
  });

  it("leaves /s/ to the server's share pages: no share address ever gets the web app", async () => {
    for (const url of [
      `/s/${"a".repeat(43)}`,
      "/s/unknown",
      `/s/${"a".repeat(43)}/portrait.jpg`,
      "/s/",
      "/s/a/b",
    ]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(response.headers["x-robots-tag"], url).toBe("noindex, nofollow");
      expect(response.body, url).toContain("This link isn't available");
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it("embeds /api/config's answer in the page, escaped so no value can close its element", async () => {
    const config = (await testApp.app.inject({ method: "GET", url: "/api/config" })).json();
    const page = await testApp.app.inject({ method: "GET", url: "/sign-in" });
    const block = /<script type="application\/json" id="wonderkin-public-config">([^<]*)<\/script>/.exec(
      page.body,
    )?.[1];
    expect(block, "the embedded configuration").toBeTruthy();
    expect(JSON.parse(block ?? "")).toEqual(config);
    // The app's name is the deployment's own: "<" inside it never reaches the page as markup.
    const hostile = await createTestApp({
      NODE_ENV: "production",
      WEB_DIST_DIR: distDir,
      APP_NAME: "Kin</script><script>alert(1)</script>$&",
    });
    try {
      const hostilePage = await hostile.app.inject({ method: "GET", url: "/" });
      expect(hostilePage.body).not.toContain("<script>alert(1)");
      const embedded = /id="wonderkin-public-config">([^<]*)<\/script>/.exec(hostilePage.body)?.[1] ?? "";
      expect(JSON.parse(embedded).appName).toBe("Kin</script><script>alert(1)</script>$&");
    } finally {
      await hostile.close();
    }
  });

  it("gives the page a style nonce that its own CSP header allows", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/sign-in" });
    const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(response.headers["content-security-policy"])).toContain(
      `style-src 'self' 'nonce-${nonce}'`,
    );
  });

  it("keeps other sites' windows from ours, but lets the social sign-in popup report back", async () => {
    // Every page: the popups it opens (Google, Facebook) keep their opener; no one else's do.
    for (const url of ["/sign-in", "/kids/choose-theme", "/api/health"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin-allow-popups");
    }
    // The popup's way back (Better Auth's responses, its callback among them, then the page it lands on) asks for no
    // isolation, or the browser would cut the popup off from the window that opened it.
    for (const url of [
      "/social-sign-in/popup?attempt=a&next=%2Fsign-in",
      "/api/auth/callback/google?error=access_denied",
    ]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.headers["cross-origin-opener-policy"], url).toBe("unsafe-none");
    }
    const landing = await testApp.app.inject({ method: "GET", url: "/social-sign-in/popup" });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers["content-type"]).toContain("text/html");
  });

  it("caches hashed assets for a year and revalidates other files", async () => {
    const asset = await testApp.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await testApp.app.inject({ method: "GET", url: "/images/category/popular.webp" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("answers missing files and unknown API routes with JSON 404s, not the page", async () => {
    for (const url of ["/assets/missing-123.js", "/images/nope.webp", "/api/nope", "/api"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe("NOT_FOUND");
    }
  });

  it("does not answer non-GET requests with the page", async () => {
    const response = await testApp.app.inject({ method: "POST", url: "/sign-up" });
    expect(response.statusCode).toBe(404);
  });

  it("sends the build's brotli or gzip copy of an asset to a browser that takes it", async () => {
    const br = await testApp.app.inject({
      method: "GET",
      url: "/assets/app-def456.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appScript);

    const gz = await testApp.app.inject({
      method: "GET",
      url: "/assets/app-def456.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(appScript);

    const plain = await testApp.app.inject({ method: "GET", url: "/assets/app-def456.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(appScript);
  });

  it("compresses the page and large JSON answers, and leaves small ones alone", async () => {
    const page = await testApp.app.inject({
      method: "GET",
      url: "/sign-in",
      headers: { "accept-encoding": "br" },
    });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain("<title>Wonder &#38; Kin</title>");

    const config = await testApp.app.inject({
      method: "GET",
      url: "/api/config",
      headers: { "accept-encoding": "gzip" },
    });
    expect(config.statusCode).toBe(200);
    const configBody =
      config.headers["content-encoding"] === "gzip" ? gunzipSync(config.rawPayload) : config.rawPayload;
    // Compressed exactly when it is above the threshold (1 KB).
    expect(config.headers["content-encoding"] === "gzip").toBe(configBody.length >= 1024);
    expect(JSON.parse(configBody.toString())).toBeTypeOf("object");

    const health = await testApp.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "gzip" },
    });
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json().status).toBe("ok");
  });
});
