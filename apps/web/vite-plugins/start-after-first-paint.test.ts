// @vitest-environment jsdom
import {
  ROUTE_MODULES_ELEMENT_ID as CONTRACT_ROUTE_MODULES_ID,
  PRERENDERED_PAGE_ELEMENT_ID,
} from "@wonderkin/contract/rules";
import { describe, expect, it, vi } from "vitest";
import {
  COPY_ELEMENT_ID,
  ROUTE_MODULES_ELEMENT_ID,
  startAfterFirstPaint,
  startScript,
} from "./start-after-first-paint";

/** index.html as Vite 8 writes it (entry, its preloads, then the stylesheet), fonts preloaded after. */
const builtPage = `<!doctype html><html><head>
    <title>Wonderkin</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/cn-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
    <link rel="preload" as="font" type="font/woff2" href="/assets/nunito-E.woff2" crossorigin="">
  </head><body><div id="root"></div></body></html>`;

function build(html: string) {
  const bundle: Record<string, { type: string; source: string }> = {
    "index.html": { type: "asset", source: html },
  };
  const emitted: { fileName: string; source: string }[] = [];
  const plugin = startAfterFirstPaint();
  const hook = plugin.generateBundle as {
    handler: (this: unknown, options: unknown, bundle: unknown) => void;
  };
  hook.handler.call(
    { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) },
    {},
    bundle,
  );
  return { page: bundle["index.html"]?.source ?? "", emitted };
}

describe("start-after-first-paint", () => {
  it("uses the contract's ids for the copy's element and the route's chunks' list", () => {
    expect(COPY_ELEMENT_ID).toBe(PRERENDERED_PAGE_ELEMENT_ID);
    expect(ROUTE_MODULES_ELEMENT_ID).toBe(CONTRACT_ROUTE_MODULES_ID);
  });

  it("starts the page with its start script, after the stylesheet and fonts and before the preloads", () => {
    const { page, emitted } = build(builtPage);
    expect(emitted).toHaveLength(1);
    const start = emitted[0];
    expect(start?.fileName).toMatch(/^assets\/start-[0-9a-f]{8}\.js$/);
    expect(page).not.toContain('<script type="module" crossorigin src="/assets/index-A.js">');
    const order = [
      '<link rel="stylesheet" crossorigin href="/assets/index-D.css">',
      'href="/assets/nunito-E.woff2"',
      `<script type="module" src="/${start?.fileName}"></script>`,
      '<link rel="modulepreload" crossorigin href="/assets/index-A.js">',
      '<link rel="modulepreload" crossorigin href="/assets/react-B.js">',
    ].map((part) => page.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(start?.source).toBe(
      startScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/react-B.js", "/assets/cn-C.js"]),
    );
  });

  it("fails the build when the page has no entry to start", () => {
    expect(() => build("<html><head></head><body></body></html>")).toThrow(/no module entry script/);
  });
});

/**
 * Runs a start script in this test's document, with `import(…)` caught, frames held, and its message
 * channel's turns taken one at a time by `turn()`.
 */
function runStartScript(source: string) {
  const imported: string[] = [];
  const frames: (() => void)[] = [];
  const turns: (() => void)[] = [];
  class HeldChannel {
    port1: { onmessage: (() => void) | null; close: () => void } = { onmessage: null, close: () => {} };
    port2 = { postMessage: () => turns.push(() => this.port1.onmessage?.()) };
  }
  const run = new Function(
    "load",
    "requestAnimationFrame",
    "MessageChannel",
    source.replace(/import\(/g, "load("),
  );
  run(
    (url: string) => imported.push(url),
    (callback: () => void) => frames.push(callback),
    HeldChannel,
  );
  const turn = () => turns.shift()?.();
  const turnsLeft = () => turns.length;
  return { imported, frames, turn, turnsLeft };
}

const preloadsInPage = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute("href"),
  );

describe("the start script", () => {
  const source = startScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/react-B.js"]);

  it("on a page without a copy, imports the app at once and leaves the page's preloads alone", () => {
    document.head.innerHTML = "";
    document.body.innerHTML = '<div id="root"></div>';
    const { imported, turn } = runStartScript(source);
    turn();
    expect(imported).toEqual(["/assets/index-A.js"]);
    expect(preloadsInPage()).toHaveLength(0);
  });

  it("on a page with a copy, asks for the scripts only after the next frame, one a turn, then imports the app, once", () => {
    vi.useFakeTimers();
    try {
      document.head.innerHTML = "";
      document.body.innerHTML = `<div id="${PRERENDERED_PAGE_ELEMENT_ID}" inert></div><div id="root"></div>`;
      const { imported, frames, turn, turnsLeft } = runStartScript(source);
      expect(turnsLeft()).toBe(0);
      for (const frame of frames) frame();
      expect(turnsLeft()).toBe(0);
      vi.advanceTimersByTime(0);
      turn();
      expect(preloadsInPage()).toEqual(["/assets/index-A.js"]);
      expect(imported).toEqual([]);
      turn();
      expect(preloadsInPage()).toEqual(["/assets/index-A.js", "/assets/react-B.js"]);
      expect(imported).toEqual([]);
      turn();
      expect(imported).toEqual(["/assets/index-A.js"]);
      expect(turnsLeft()).toBe(0);
      // The fallback for a tab that paints no frame does not start it twice.
      vi.advanceTimersByTime(500);
      expect(turnsLeft()).toBe(0);
      expect(imported).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks for the route's chunks the page lists after the entry's, before importing the app", () => {
    vi.useFakeTimers();
    try {
      document.head.innerHTML = `<script type="application/json" id="${ROUTE_MODULES_ELEMENT_ID}">["/assets/studio-C.js","/assets/card-D.js"]</script>`;
      document.body.innerHTML = `<div id="${PRERENDERED_PAGE_ELEMENT_ID}" inert></div><div id="root"></div>`;
      const { imported, frames, turn } = runStartScript(source);
      for (const frame of frames) frame();
      vi.advanceTimersByTime(0);
      for (let turns = 0; turns < 4; turns += 1) turn();
      expect(imported).toEqual([]);
      expect(preloadsInPage()).toEqual([
        "/assets/index-A.js",
        "/assets/react-B.js",
        "/assets/studio-C.js",
        "/assets/card-D.js",
      ]);
      turn();
      expect(imported).toEqual(["/assets/index-A.js"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts without a frame after 200 ms (a tab opened in the background)", () => {
    vi.useFakeTimers();
    try {
      document.head.innerHTML = "";
      document.body.innerHTML = `<div id="${PRERENDERED_PAGE_ELEMENT_ID}" inert></div><div id="root"></div>`;
      const { imported, turn } = runStartScript(source);
      vi.advanceTimersByTime(199);
      turn();
      expect(imported).toEqual([]);
      vi.advanceTimersByTime(1);
      for (let turns = 0; turns < 3; turns += 1) turn();
      expect(imported).toEqual(["/assets/index-A.js"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
