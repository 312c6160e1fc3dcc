import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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
  /** Cumulative layout shift, × 1000 (a server copy replaced by a different first frame shows here). */
  layoutShiftMilli: number;
  speedIndexMs: number;
  /** Main-thread work (parse, compile, run, style, layout) in ms, at the simulated CPU. */
  mainThreadWorkMs: number;
  /** What the largest paint was: the element's label and selector. */
  largestPaintElement: string;
  /** Where the largest paint's time went (TTFB, load delay, load time, render delay), in ms. */
  largestPaintPhases: string;
  /** The scripts with the most main-thread time (ms at the simulated CPU): the blocking time's sources. */
  busiestScripts: string;
  /**
   * Lighthouse's own measure of this machine's CPU (its BenchmarkIndex, higher is faster). Its 4×
   * slowdown multiplies what this machine took, so a slower or busier machine reads as more
   * blocking time: compare runs whose indices are close.
   */
  benchmarkIndex: number;
  runMs: number;
};

type AuditDetails = { items?: { items?: Record<string, unknown>[]; [key: string]: unknown }[] };

/** Lighthouse's largest-contentful-paint-element audit: a table of the element, then one of phases. */
function largestPaint(details: AuditDetails | undefined): { element: string; phases: string } {
  const [elementTable, phaseTable] = details?.items ?? [];
  const node = elementTable?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (phaseTable?.items ?? [])
    .map((row) => `${String(row.phase)} ${Math.round(Number(row.timing))}`)
    .join(", ");
  return {
    element: node ? `${(node.nodeLabel ?? "").slice(0, 60)} (${node.selector ?? "?"})` : "?",
    phases: phases || "?",
  };
}

/** Lighthouse's bootup-time audit: main-thread time per script, the busiest three. */
function busiestScripts(details: AuditDetails | undefined): string {
  return (details?.items ?? [])
    .map((row) => ({ url: String(row.url ?? ""), total: Number(row.total ?? 0) }))
    .sort((a, b) => b.total - a.total)
    .slice(0, 3)
    .map((row) => `${row.url.split("/").pop() || row.url} ${Math.round(row.total)}`)
    .join(", ");
}

/**
 * BENCH_LIGHTHOUSE_REPORTS=dir keeps each page's whole report (its long tasks, each script's time,
 * the trace-derived audits), to profile what the figures above only summarise.
 */
async function keepReport(url: string, report: string | string[]): Promise<void> {
  const dir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const { pathname, search } = new URL(url);
  const name = `${pathname}${search}`.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  await writeFile(path.join(dir, `${name}.json`), Array.isArray(report) ? report.join("\n") : report);
}

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
      await keepReport(url, result.report);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      const paint = largestPaint(lhr.audits["largest-contentful-paint-element"]?.details as AuditDetails);
      return {
        performanceScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        firstContentfulPaintMs: audit("first-contentful-paint"),
        largestContentfulPaintMs: audit("largest-contentful-paint"),
        totalBlockingTimeMs: audit("total-blocking-time"),
        layoutShiftMilli: Math.round(
          (lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN) * 1000,
        ),
        speedIndexMs: audit("speed-index"),
        mainThreadWorkMs: audit("mainthread-work-breakdown"),
        largestPaintElement: paint.element,
        largestPaintPhases: paint.phases,
        busiestScripts: busiestScripts(lhr.audits["bootup-time"]?.details as AuditDetails),
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
        runMs: Math.round(performance.now() - startedAt),
      };
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
