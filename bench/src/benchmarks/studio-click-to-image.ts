import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { generatedImagesEndpoint } from "@wonderkin/contract";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import type { Page } from "playwright-core";
import { type ClickTiming, clickWatchScript } from "../browser/click-watch";
import { launchChromium } from "../browser/launch-chromium";
import { sessionScript } from "../browser/session-script";
import type { Benchmark } from "../harness/benchmark";
import { percentile, sortedAscending } from "../harness/percentile";
import { log } from "../harness/progress-log";
import { summariseTimes } from "../harness/summarise-times";
import { describeServerTuning, serverTuningFromEnv, startFullApp } from "../subjects/start-full-app";
import {
  callEndpoint,
  ensureCredits,
  parentWithTrainedChild,
  type StudioParent,
} from "../subjects/studio-parent";

/** Magician: 100 credits; top-ups buy the rest a run needs. */
const PLAN_ID = 1;
/** Portraits per click: the most a click can ask for, the wait the issue's target is about. */
const PORTRAITS_PER_CLICK = Number(process.env.BENCH_STUDIO_CLICK_PORTRAITS ?? 4);
const STYLE_ID = "astronaut";
const PHOTOS = 3;
/** Clicks before the measured ones (first render, JIT, the image model's first face read). */
const WARMUP_CLICKS = 2;
const CLICK_TIMEOUT_MS = 60_000;
const defaultWebDist = fileURLToPath(new URL("../../../apps/web/dist/", import.meta.url));

/**
 * What a parent waits for in the magic studio: from the click on "Generate" (four portraits, the
 * most a click asks for) to the finished portraits all shown in the gallery, in Chromium against the production build served by the
 * product (worker in the same process, default polling). The baseline is the same click's first
 * visible answer: the new pending card, i.e. the generate call's round trip rendered by the page.
 * What lies between the two is the asynchronous part: the job queue, the render, the page's status
 * poll and the image download.
 */
export const studioClickToImageBenchmark: Benchmark = {
  name: "studio-click-to-image",
  description: "browser: click on Generate to the finished portrait shown vs to the pending card shown",
  async run(settings) {
    const clicks = readClicks();
    const webDist = process.env.BENCH_WEB_DIST_DIR ?? defaultWebDist;
    if (!existsSync(`${webDist}/index.html`)) {
      throw new Error(`no web build in ${webDist}: run npm run build first (or set BENCH_WEB_DIST_DIR)`);
    }
    log("starting the product");
    const app = await startFullApp({
      worker: true,
      env: {
        ROLE: "all",
        FACE_DETECTION: "off",
        PHOTOS_MIN_PER_CHILD: String(PHOTOS),
        LOCAL_TRAINING_SECONDS: "0",
        WEB_DIST_DIR: webDist,
        // RENDER_CONCURRENCY, TRAINING_CONCURRENCY, WORKER_THREADS from the shell, when set there.
        ...serverTuningFromEnv(),
      },
    });
    try {
      log("a parent with a trained child");
      const parent = await parentWithTrainedChild(app.origin, {
        firstName: "Click",
        planId: PLAN_ID,
        photos: (await singleFacePictures()).slice(0, PHOTOS),
      });
      const warmup = settings.warmupSeconds > 0 ? WARMUP_CLICKS : 0;
      await ensureCredits(app.origin, parent, (warmup + clicks) * PORTRAITS_PER_CLICK);
      const timings = await clickInBrowser(app.origin, parent, { warmup, clicks });
      const measured = timings.slice(warmup);
      const serverMs = await queuedToStoredMs(app.origin, parent, warmup);
      return {
        subjects: [
          summariseTimes(
            "pending card",
            "click → the new card in the making, first in the gallery (generate answered and rendered)",
            measured.map((timing) => timing.pendingMs),
            measured.map((timing) => timing.generateBytes),
          ),
          summariseTimes(
            "portrait shown",
            "click → the finished portrait's image loaded in that card (queue, render, status poll, download)",
            measured.map((timing) => timing.shownMs),
            measured.map((timing) => timing.imageBytes),
            // The server's share, from its own records: the spend (createdAt) to the stored files.
            { serverQueuedToStoredP50Ms: Math.round(percentile(sortedAscending(serverMs), 50)) },
          ),
        ],
        comparison: { subject: "portrait shown", baseline: "pending card" },
        conditions: conditions(clicks, warmup, describeServerTuning(app.env)),
      };
    } finally {
      await app.close();
    }
  },
};

type Timing = Extract<ClickTiming, { shownMs: number }>;

async function clickInBrowser(
  origin: string,
  parent: StudioParent,
  options: { warmup: number; clicks: number },
): Promise<Timing[]> {
  log("launching Chromium");
  const browser = await launchChromium();
  try {
    // Desktop Chrome's viewport, as the e2e suite's desktop project uses.
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 720 } });
    await context.addInitScript({ content: sessionScript(parent) });
    await context.addInitScript({ content: clickWatchScript });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await page.goto(`/kids/children/${parent.childId}/magic-studio?style=${STYLE_ID}`);
    const count = String(PORTRAITS_PER_CLICK);
    await page.getByRole("group", { name: "How many portraits" }).getByRole("radio", { name: count }).check();
    const ready = page.locator('[data-testid="generate-button"]:enabled', {
      hasText: `Create ${count} portrait${PORTRAITS_PER_CLICK === 1 ? "" : "s"}`,
    });
    const label = `${parent.childName}'s portraits`;

    const timings: Timing[] = [];
    const total = options.warmup + options.clicks;
    for (let click = 0; click < total; click++) {
      await ready.waitFor({ timeout: CLICK_TIMEOUT_MS });
      // The queue's worker and the page both poll once a second: a pause spread evenly over that
      // second (golden-ratio steps) keeps the clicks from falling into step with either of them.
      await sleep(((click * 0.618034) % 1) * 1000);
      log(`${click < options.warmup ? "warm-up click" : "click"} ${click + 1} of ${total}`);
      await page.evaluate(`window.__studioBench.arm(${JSON.stringify(label)}, ${PORTRAITS_PER_CLICK})`);
      await ready.click();
      const timing = await readTiming(page);
      if ("error" in timing) throw new Error(`click ${click + 1}: ${timing.error}`);
      timings.push(timing);
    }
    if (pageErrors.length > 0) throw new Error(`errors in the page: ${pageErrors.join("; ")}`);
    return timings;
  } finally {
    await browser.close();
  }
}

/** For each measured portrait, oldest first: its spend (createdAt) to its stored files (completedAt). */
async function queuedToStoredMs(origin: string, parent: StudioParent, warmup: number): Promise<number[]> {
  const { images } = await callEndpoint(
    origin,
    generatedImagesEndpoint,
    { childId: parent.childId, limit: 100 },
    parent.headers,
  );
  return images
    .map((image) => ({
      created: Date.parse(image.createdAt),
      completed: Date.parse(image.completedAt ?? ""),
    }))
    .sort((a, b) => a.created - b.created)
    .slice(warmup)
    .map((image) => image.completed - image.created);
}

async function readTiming(page: Page): Promise<ClickTiming> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no finished portrait within ${CLICK_TIMEOUT_MS} ms of the click`)),
      CLICK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      page.evaluate("window.__studioBench.result") as Promise<ClickTiming>,
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function conditions(clicks: number, warmup: number, serverTuning: string): string {
  return (
    `${clicks} clicks one after the other${warmup > 0 ? ` after ${warmup} warm-up clicks` : ""}, ` +
    `${PORTRAITS_PER_CLICK} portrait${PORTRAITS_PER_CLICK === 1 ? "" : "s"} each (shown = all of them on screen); headless Chromium at 1280×720; ` +
    `the product with its worker in one process (ROLE=all, ${serverTuning}) on PGlite`
  );
}

function readClicks(): number {
  const raw = process.env.BENCH_STUDIO_CLICKS;
  if (raw === undefined || raw === "") return 20;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 90) {
    throw new Error(`BENCH_STUDIO_CLICKS must be a whole number from 1 to 90, got "${raw}"`);
  }
  return value;
}
