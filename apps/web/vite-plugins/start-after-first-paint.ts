import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/**
 * The contract's PRERENDERED_PAGE_ELEMENT_ID (Vite loads this file without the workspace's
 * TypeScript packages; a test keeps the two equal).
 */
export const COPY_ELEMENT_ID = "wonderkin-prerendered-page";
/** The contract's ROUTE_MODULES_ELEMENT_ID, likewise. */
export const ROUTE_MODULES_ELEMENT_ID = "wonderkin-route-modules";

/** The built page's entry script, as Vite writes it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The entry's static imports, which Vite preloads from the page. */
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/**
 * The stylesheet and font preloads, which come after the scripts' preloads as Vite writes them: the
 * first paint needs them, and on HTTP/1.1 a browser opens six connections to a host, so they go first.
 */
const PAINT_LINKS = /\s*<link rel="(?:stylesheet|preload" as="font)"[^>]*>/g;

/**
 * The source of the few-byte script that starts the app. On a page with the server's copy of a public
 * page (decision 0037), the server leaves the scripts' preloads out of the page, and this script asks
 * for them once the browser has painted the copy: the stylesheet and fonts then have the connection
 * to themselves, and the copy appears without waiting for the app. (After a frame, or after 200 ms if
 * no frame comes: a tab opened in the background paints nothing until shown.) On every other page
 * the preloads are in the page, and the app starts at the script's next turn.
 *
 * A copied page whose route's own chunks the server names (the studio, decision 0064) lists them in
 * a data block, and they are asked for with the entry's, one to a task, before the entry is imported
 * (issue 32). Adding a preload costs the main thread 5–25 ms at a phone's speed (Lighthouse's 4× CPU),
 * so the studio's fifty in one task would block input for most of a second; and Vite's loader, which
 * adds a route's chunks to the page when the route loads, reads which are there once, at its first
 * call: only if every one is in the page by then does it add none in the route's own, already long,
 * task. The turns are messages rather than timers, which browsers space out once nested.
 */
export function startScript(entryUrl: string, preloadUrls: string[]): string {
  return `const copy=document.getElementById(${JSON.stringify(COPY_ELEMENT_ID)});
const routeModules=document.getElementById(${JSON.stringify(ROUTE_MODULES_ELEMENT_ID)});
const preload=href=>{const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.append(link)};
let started=false;
const start=()=>{if(started)return;started=true;
const hrefs=copy?${JSON.stringify(preloadUrls)}.concat(routeModules?JSON.parse(routeModules.textContent):[]):[];
const turns=new MessageChannel();
turns.port1.onmessage=()=>{const href=hrefs.shift();if(href){preload(href);turns.port2.postMessage(0)}else{turns.port1.close();import(${JSON.stringify(entryUrl)})}};
turns.port2.postMessage(0)};
if(copy){requestAnimationFrame(()=>setTimeout(start,0));setTimeout(start,200)}else start();
`;
}

/**
 * Replaces the page's entry script with the start script above, and puts the stylesheet and fonts
 * ahead of the scripts' preloads.
 */
export function startAfterFirstPaint(): Plugin {
  return {
    name: "wonderkin:start-after-first-paint",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const page = bundle["index.html"];
        if (page?.type !== "asset") throw new Error("start-after-first-paint: the build wrote no index.html");
        const html = String(page.source);
        const entryUrl = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entryUrl) throw new Error("start-after-first-paint: index.html has no module entry script");
        const preloads = [...html.matchAll(MODULE_PRELOADS)].map((match) => match[1] ?? "");
        const source = startScript(entryUrl, [entryUrl, ...preloads]);
        const hash = createHash("sha256").update(source).digest("hex").slice(0, 8);
        const fileName = `assets/start-${hash}.js`;
        this.emitFile({ type: "asset", fileName, source });
        const base = entryUrl.slice(0, entryUrl.indexOf("assets/"));
        const paintLinks = (html.match(PAINT_LINKS) ?? []).map((link) => link.trim());
        page.source = html
          .replace(PAINT_LINKS, "")
          .replace(
            ENTRY_SCRIPT,
            () =>
              `${paintLinks.join("\n    ")}\n    <script type="module" src="${base}${fileName}"></script>\n    <link rel="modulepreload" crossorigin href="${entryUrl}">`,
          );
      },
    },
  };
}
