import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import { signIn } from "../support/identity";
import { parentWithChild } from "../support/studio";

/**
 * The copies of the public pages (decision 0037), with a stand-in for the web build's server-side
 * entry that says what it was asked and counts its calls (the real one is rendered by the web
 * tests and seen in a browser by the e2e suite).
 */
let distDir: string;
let testApp: TestApp;

const indexHtml = `<!doctype html><html><head>
<meta name="application-name" content="Wonderkin" />
<title>Wonderkin</title>
<script type="module" src="/assets/start-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/index-1.js">
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
</head><body><div id="root"></div></body></html>`;

const tileStyle = "background-image:linear-gradient(to bottom, #3b3070, #1b1433)";
const studioStyle = "background-image:linear-gradient(to bottom, #1b2350, #05060f)";

const renderer = `
import { appendFileSync } from "node:fs";
export async function renderPublicPage(pathname, config) {
  appendFileSync(new URL("./calls.log", import.meta.url), pathname + "\\n");
  if (pathname === "/privacy-policy") throw new Error("a component broke");
  if (!["/sign-in", "/sign-up", "/privacy-policy"].includes(pathname)) return null;
  return '<main><h1>Copy of ' + pathname + ' for ' + config.appName.replace(/</g, "&lt;") + '</h1>'
    + '<div style="${tileStyle}"></div></main>';
}
export async function renderSignedInPage(pathname, config, answers) {
  appendFileSync(new URL("./calls.log", import.meta.url), "signed-in " + pathname + "\\n");
  if (!pathname.endsWith("/magic-studio")) return null;
  const session = answers.answers.find((answer) => answer.path === "/api/auth/get-session");
  return '<main><h1>Studio of ' + session.payload.user.email + ' from ' + answers.answers.length + ' answers</h1>'
    + '<div style="${studioStyle}"></div></main>';
}
`;

/** The web build's manifest: the entry, and the studio's page with one chunk of its own. */
const manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react-1.js"] },
  "_react-1.js": { file: "assets/react-1.js" },
  "src/features/studio/components/magic-studio-page.tsx": {
    file: "assets/magic-studio-page-1.js",
    isDynamicEntry: true,
    imports: ["index.html", "_react-1.js", "_card-1.js"],
  },
  "_card-1.js": { file: "assets/card-1.js" },
};
const studioModules = ["/assets/magic-studio-page-1.js", "/assets/card-1.js"];

async function rendererCalls(): Promise<string[]> {
  const log = await readFile(path.join(distDir, "ssr", "calls.log"), "utf8").catch(() => "");
  return log.split("\n").filter(Boolean);
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), "wk-dist-ssr-"));
  await mkdir(path.join(distDir, "ssr"));
  await writeFile(path.join(distDir, "index.html"), indexHtml);
  await writeFile(path.join(distDir, "ssr", "server-entry.js"), renderer);
  await mkdir(path.join(distDir, ".vite"));
  await writeFile(path.join(distDir, ".vite", "manifest.json"), JSON.stringify(manifest));
  testApp = await createTestApp({ NODE_ENV: "production", WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await testApp.close();
  await rm(distDir, { recursive: true, force: true });
});

describe("the server's copies of the public pages", () => {
  it("puts the copy, inert, before the app's root, and leaves the scripts' preloads to the start script", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/sign-in" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<div id="wonderkin-prerendered-page" inert><main><h1>Copy of /sign-in for Wonderkin</h1>`,
    );
    expect(response.body.indexOf("wonderkin-prerendered-page")).toBeLessThan(
      response.body.indexOf('<div id="root"></div>'),
    );
    expect(response.body).not.toContain("modulepreload");
    expect(response.body).toContain('<script type="module" src="/assets/start-1.js"></script>');
    // The page's other parts are still there.
    expect(response.body).toContain('id="wonderkin-public-config"');
  });

  it("allows exactly the copy's inline style attributes, by hash", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/sign-up" });
    const hash = createHash("sha256").update(tileStyle).digest("base64");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`style-src-attr 'unsafe-hashes' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline");
  });

  it("renders a page once per configuration and serves the same copy after", async () => {
    const before = (await rendererCalls()).filter((call) => call === "/sign-up").length;
    const first = await testApp.app.inject({ method: "GET", url: "/sign-up" });
    const second = await testApp.app.inject({ method: "GET", url: "/sign-up/" });
    const after = (await rendererCalls()).filter((call) => call === "/sign-up").length;
    expect(after - before).toBeLessThanOrEqual(1);
    expect(second.body).toContain("Copy of /sign-up");
    expect(first.body.replace(/nonce-[^'"]+|content="[^"]+" \/>/g, "")).toBe(
      second.body.replace(/nonce-[^'"]+|content="[^"]+" \/>/g, ""),
    );
  });

  it("paints sign-up's copy at / for a browser never signed in here, and none for one that has been", async () => {
    const newVisitor = await testApp.app.inject({ method: "GET", url: "/" });
    expect(newVisitor.body).toContain(
      `<div id="wonderkin-prerendered-page" inert><main><h1>Copy of /sign-up for Wonderkin</h1>`,
    );
    expect(newVisitor.headers.vary).toContain("Cookie");
    const returning = await testApp.app.inject({
      method: "GET",
      url: "/",
      headers: { cookie: "theme=dark; wk_signed_in_before=1" },
    });
    expect(returning.body).not.toContain("wonderkin-prerendered-page");
    expect(returning.headers.vary).toContain("Cookie");
    // Other pages' copies do not depend on the mark.
    const signUp = await testApp.app.inject({
      method: "GET",
      url: "/sign-up",
      headers: { cookie: "wk_signed_in_before=1" },
    });
    expect(signUp.body).toContain("Copy of /sign-up");
  });

  it("gives other pages, and public pages with a query string, no copy and their preloads", async () => {
    const returning = { cookie: "wk_signed_in_before=1" };
    for (const url of [
      "/",
      "/?ref=mail",
      "/kids/choose-theme",
      "/sign-in?returnUrl=%2Fkids",
      "/reset-password",
    ]) {
      const response = await testApp.app.inject({ method: "GET", url, headers: returning });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("wonderkin-prerendered-page");
      expect(response.body, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/index-1.js">',
      );
      expect(String(response.headers["content-security-policy"]), url).not.toContain("style-src-attr");
    }
    // Only the three public pages reach the renderer: an address of one's choosing renders nothing.
    expect(new Set((await rendererCalls()).filter((call) => !call.startsWith("signed-in ")))).toEqual(
      new Set(["/sign-in", "/sign-up"]),
    );
  });

  it("paints a signed-in parent's studio from their first answers, afresh for each request and never kept", async () => {
    const { parent, childId } = await parentWithChild(testApp, { firstName: "Ada", planId: 1, photos: 0 });
    const signedIn = await signIn(testApp.app, parent.email);
    const cookie = /(better-auth\.session_token=[^;]+)/.exec(
      [signedIn.headers["set-cookie"]].flat().join("; "),
    )?.[1];
    expect(cookie).toBeDefined();
    const studio = `/kids/children/${childId}/magic-studio`;
    const before = (await rendererCalls()).length;
    const first = await testApp.app.inject({ method: "GET", url: studio, headers: { cookie } });
    const second = await testApp.app.inject({ method: "GET", url: studio, headers: { cookie } });
    // Drawn from this parent's own answers (the session, the user, the guard's and the studio's).
    for (const page of [first, second]) {
      expect(page.body).toContain(
        `<div id="wonderkin-prerendered-page" inert><main><h1>Studio of ${parent.email} from `,
      );
      expect(Number(/from (\d+) answers/.exec(page.body)?.[1])).toBeGreaterThanOrEqual(8);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      // Its scripts, the route's among them, are listed for the start script to ask for after the
      // copy is painted, rather than preloaded with it.
      expect(page.body).not.toContain("modulepreload");
      const listed = /<script type="application\/json" id="wonderkin-route-modules">([^<]*)<\/script>/.exec(
        page.body,
      )?.[1];
      expect(JSON.parse(listed ?? "null")).toEqual(studioModules);
      const hash = createHash("sha256").update(studioStyle).digest("base64");
      expect(String(page.headers["content-security-policy"])).toContain(`'sha256-${hash}'`);
    }
    // Rendered for each request: it shows what the family has now.
    expect((await rendererCalls()).slice(before)).toEqual([`signed-in ${studio}`, `signed-in ${studio}`]);

    // Without the session, or on another signed-in page, or with a query string, there is no copy.
    const signedOut = await testApp.app.inject({ method: "GET", url: studio });
    expect(signedOut.body).not.toContain("wonderkin-prerendered-page");
    for (const url of ["/kids/choose-theme", `${studio}?portrait=1`]) {
      const page = await testApp.app.inject({ method: "GET", url, headers: { cookie } });
      expect(page.body, url).not.toContain("wonderkin-prerendered-page");
      expect(page.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/index-1.js">');
      expect(page.body, url).not.toContain("wonderkin-route-modules");
    }
    // The studio without its copy preloads its route's chunks with the entry's.
    const withoutCopy = await testApp.app.inject({
      method: "GET",
      url: `${studio}?portrait=1`,
      headers: { cookie },
    });
    for (const file of studioModules) {
      expect(withoutCopy.body).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
    }
  });

  it("serves the page without a copy when rendering fails", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/privacy-policy" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("wonderkin-prerendered-page");
    expect(response.body).toContain("modulepreload");
  });

  it("never serves the server-side entry as a file", async () => {
    for (const url of ["/ssr/server-entry.js", "/ssr/calls.log"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it("serves every page without a copy when the build has no server-side entry", async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), "wk-dist-nossr-"));
    await writeFile(path.join(bare, "index.html"), indexHtml);
    const app = await createTestApp({ NODE_ENV: "production", WEB_DIST_DIR: bare });
    try {
      const response = await app.app.inject({ method: "GET", url: "/sign-in" });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain("wonderkin-prerendered-page");
      expect(response.body).toContain("modulepreload");
    } finally {
      await app.close();
      await rm(bare, { recursive: true, force: true });
    }
  });
});
