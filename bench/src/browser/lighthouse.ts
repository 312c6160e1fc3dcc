import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { type BrowserContext, chromium } from "playwright-core";
import { freePort } from "../harness/free-port";
import { chromiumArgs, chromiumPath } from "./launch-chromium";

/** What a Lighthouse run says of one page (mobile, simulated slow 4G and 4× CPU slowdown). */
export type LighthouseFigures = {
  /** 0–100. */
  performanceScore: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
  /** Main-thread work (parse, compile, run, style, layout) in ms, at the simulated CPU. */
  mainThreadWorkMs: number;
  runMs: number;
};

/**
 * Debian's Chromium with a DevTools port for Lighthouse, in a persistent profile so that local
 * storage set through Playwright (a signed-in parent's token) is what Lighthouse's tab sees.
 */
export async function startLighthouseBrowser(): Promise<{
  context: BrowserContext;
  /** Lighthouse's default mobile run of `url` from cold (empty cache; storage kept if asked). */
  audit(url: string, options?: { keepStorage?: boolean }): Promise<LighthouseFigures>;
  close(): Promise<void>;
}> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-lighthouse-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  return {
    context,
    async audit(url, { keepStorage = false } = {}) {
      if (keepStorage) {
        // Lighthouse clears cache and storage together; keep the storage, empty the cache.
        const page = context.pages()[0] ?? (await context.newPage());
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.clearBrowserCache");
        await cdp.detach();
      }
      const startedAt = performance.now();
      const result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        disableStorageReset: keepStorage,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      return {
        performanceScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        firstContentfulPaintMs: audit("first-contentful-paint"),
        largestContentfulPaintMs: audit("largest-contentful-paint"),
        totalBlockingTimeMs: audit("total-blocking-time"),
        speedIndexMs: audit("speed-index"),
        mainThreadWorkMs: audit("mainthread-work-breakdown"),
        runMs: Math.round(performance.now() - startedAt),
      };
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
