import { randomInt } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  GENERATION_MAX_COUNT,
  type GeneratedImage,
  generateEndpoint,
  portraitPictureUrl,
  predictionStatusEndpoint,
} from "@wonderkin/contract";
import {
  LOCAL_PORTRAIT_HEIGHT,
  LOCAL_PORTRAIT_WIDTH,
  renderLocalPortrait,
} from "@wonderkin/server/image-model";
import { makePortraitFiles } from "@wonderkin/server/portrait-files";
import { samePersonPictures } from "@wonderkin/server/test-fixtures/face-pictures";
import type { Benchmark, SubjectResult } from "../harness/benchmark";
import { percentile, sortedAscending } from "../harness/percentile";
import { log } from "../harness/progress-log";
import { readCount } from "../harness/read-settings";
import {
  describeServerTuning,
  type FullApp,
  serverTuningFromEnv,
  startFullApp,
} from "../subjects/start-full-app";
import {
  callEndpoint,
  ensureCredits,
  parentWithTrainedChild,
  type StudioParent,
} from "../subjects/studio-parent";

/** Magician, monthly: the most chosen plan (100 credits, the core styles, no watermark). */
const PLAN_ID = 1;
/** One style per family, from different categories (different art); the product draws no watermark. */
const FAMILY_STYLES = ["astronaut", "fairy", "witch", "deep-sea-diver", "unicorn"] as const;
const FAMILIES = FAMILY_STYLES.length;
const PHOTOS = 3;
/** Warm-up portraits per family (and per style in the bare loop): first draws of the art, JIT, threads. */
const WARMUP_PORTRAITS = 2 * GENERATION_MAX_COUNT;
/** How often a family's page asks for its portraits' state, as the studio page does. */
const PAGE_POLL_MS = 1000;
/** How often family B's portrait is checked: the figure comes from its completedAt, not from this. */
const B_POLL_MS = 250;
/** Bare renders one at a time: the time of one render, the baseline of family B's wait. */
const SINGLE_RENDERS = 2 * FAMILIES;
/** Ids per status call (the endpoint takes at most 50). */
const STATUS_BATCH = 50;
/** Only to end a run that hangs: far beyond any plausible rendering time. */
const timeoutMs = (portraits: number) => 60_000 + 5_000 * portraits;

/** The product as one process with its worker, on PGlite; the throughput settings from the shell if set. */
const productEnv = {
  ROLE: "all",
  // The production defaults: every photo checked for one face of the child, every portrait for
  // likeness and by the child-safety screen (FACE_DETECTION and SAFETY_SCREENING from the shell).
  FACE_DETECTION: "on",
  PHOTOS_MIN_PER_CHILD: String(PHOTOS),
  LOCAL_TRAINING_SECONDS: "0",
  QUEUE_POLL_INTERVAL_SECONDS: "1",
  ...serverTuningFromEnv(),
};

type Family = { label: string; styleId: string; parent: StudioParent };

/** When each portrait of a batch was done, in ms after the batch was asked for. */
type Batch = { finishedMs: number[]; wallMs: number; bytes: number[] };

type BWait = {
  family: string;
  waitMs: number;
  /** What the generate call answered about the portrait's place in the queue. */
  queuePosition: number | null;
  estimatedSeconds: number | null;
  /** Of family A's portraits asked for before B's: done between B's call and B's portrait, and not by then. */
  aDoneMeanwhile: number;
  aLeft: number;
  bytes: number;
};

/**
 * Issue 16's studio throughput and fairness, through the real product (API and worker in one
 * process). Throughput: five families ask for 20 portraits each (calls of 4) and the time until all
 * 100 have succeeded gives portraits per second, against a bare loop doing the same renders
 * (`renderLocalPortrait` + `makePortraitFiles`) at as many at a time as there are cores. Fairness:
 * family A asks for a batch of 100, then family B for one portrait (once per other family); the
 * time from B's call to its portrait succeeded, against the time of one bare render.
 */
export const studioThroughputBenchmark: Benchmark = {
  name: "studio-throughput",
  description:
    "portraits/s of 5 families through the product vs a bare render loop; 1 portrait behind another family's batch vs one render",
  async run(settings) {
    const portraits = readCount("BENCH_STUDIO_PORTRAITS", 100, { min: FAMILIES, max: 2000 });
    const batch = readCount("BENCH_STUDIO_BATCH", 100, { min: 1, max: 2000 });
    const warmup = settings.warmupSeconds > 0 ? WARMUP_PORTRAITS : 0;
    const shares = FAMILY_STYLES.map(
      (_, index) => Math.floor(portraits / FAMILIES) + (index < portraits % FAMILIES ? 1 : 0),
    );

    log("starting the product");
    const app = await startFullApp({ worker: true, env: productEnv });
    try {
      log(`${FAMILIES} families with a trained child each`);
      const photos = await samePersonPictures(PHOTOS);
      const families = await Promise.all(
        FAMILY_STYLES.map(async (styleId, index): Promise<Family> => {
          const parent = await parentWithTrainedChild(app.origin, {
            firstName: `Family${index + 1}`,
            planId: PLAN_ID,
            photos,
          });
          // The warm-up, the family's share of the throughput part, then A's batches (one per B) or
          // B's one portrait.
          const fairness = index === 0 ? batch * (FAMILIES - 1) : 1;
          await ensureCredits(app.origin, parent, warmup + (shares[index] ?? 0) + fairness);
          return { label: `family ${index + 1}`, styleId, parent };
        }),
      );

      if (warmup > 0) {
        log(`product warm-up: ${warmup} portraits per family`);
        await Promise.all(families.map((family) => askAndWait(app.origin, family, warmup, PAGE_POLL_MS)));
      }

      // The same face crops the product renders from: its own, as training stored them.
      const crops = await faceCropsOf(app);
      const cores = os.availableParallelism();
      const bareInputs = (count: number) =>
        Array.from({ length: count }, (_, index) => ({
          ...(crops[index % crops.length] as FaceCrop),
          styleId: FAMILY_STYLES[index % FAMILIES] as string,
        }));
      if (warmup > 0) {
        log(`bare loop warm-up: ${warmup} portraits per style`);
        await renderInPool(bareInputs(warmup * FAMILIES), cores);
      }
      log(`bare loop: ${portraits} portraits, ${cores} at a time`);
      const bare = await renderInPool(bareInputs(portraits), cores);
      log(`bare loop: ${SINGLE_RENDERS} portraits one at a time`);
      const single = await renderOneByOne(bareInputs(SINGLE_RENDERS));

      log(`product: ${portraits} portraits asked for by ${FAMILIES} families`);
      const product = await productBatch(app.origin, families, shares);

      log(
        `fairness: ${families[0]?.label} asks for ${batch} portraits, then another family for 1; per family`,
      );
      const waits = await waitsBehindBatch(app.origin, families, batch);
      const slowest = waits.reduce((worst, wait) => (wait.waitMs > worst.waitMs ? wait : worst));

      const conditions =
        `${FAMILIES} families (Magician plan: no watermark), one style each (${FAMILY_STYLES.join(", ")}); ` +
        `throughput: ${portraits} portraits, ${shares.join("/")} per family in calls of ${GENERATION_MAX_COUNT}, ` +
        `the families at once, each page polling its portraits once a second, vs the same renders in a bare loop ` +
        `${cores} at a time; fairness: ${families[0]?.label} asks for ${batch} (calls of ${GENERATION_MAX_COUNT} at once), ` +
        `then another family for 1, once per other family (${families[0]?.label}'s earlier batches left queued), ` +
        `vs one bare render at a time` +
        `${warmup > 0 ? `; after ${warmup} warm-up portraits per family and per style` : ""}; ` +
        `the product with its worker in one process (ROLE=all, ${describeServerTuning(app.env)}, ` +
        `queue polled every ${app.env.QUEUE_POLL_INTERVAL_SECONDS} s) on PGlite`;
      return {
        subjects: [
          summariseBatch(
            "bare loop",
            `renderLocalPortrait + makePortraitFiles without watermark, ${portraits} portraits ${cores} at a time in one process; latency: from the start to each portrait's files`,
            bare,
            { atOnce: cores },
          ),
          summariseBatch(
            "product",
            `${portraits} portraits asked for by ${FAMILIES} families through the API, to status succeeded; latency: from the first call to each portrait's completedAt`,
            product,
            {
              families: FAMILIES,
              renderConcurrency: app.env.RENDER_CONCURRENCY,
              workerThreads: app.env.workerThreads,
            },
          ),
          summariseEach(
            "one render",
            "renderLocalPortrait + makePortraitFiles without watermark, one portrait at a time, in this process",
            single.latencies,
            single.bytes,
          ),
          summariseEach(
            "B's portrait",
            `1 portrait asked for right after ${families[0]?.label} queued a batch of ${batch}: from the call to its completedAt`,
            waits.map((wait) => wait.waitMs),
            waits.map((wait) => wait.bytes),
            {
              batch,
              slowest: slowest.family,
              families: waits.map((wait) => describeWait(wait)).join("; "),
            },
          ),
        ],
        comparison: { subject: "product", baseline: "bare loop" },
        otherComparisons: [{ subject: "B's portrait", baseline: "one render" }],
        conditions,
      };
    } finally {
      await app.close();
    }
  },
};

/**
 * The throughput part: every family asks for its share at the same moment (each family's calls one
 * after the other, as a page sends them), then polls as its page would until all are done.
 */
async function productBatch(origin: string, families: Family[], shares: number[]): Promise<Batch> {
  const start = Date.now();
  const done = await Promise.all(
    families.map((family, index) => askAndWait(origin, family, shares[index] ?? 0, PAGE_POLL_MS)),
  );
  const images = done.flat();
  // The server's own record of when each portrait's files were stored (the same clock: one process).
  const finishedMs = images.map((image) => Date.parse(image.completedAt ?? "") - start);
  return { finishedMs, wallMs: Math.max(...finishedMs), bytes: await storedBytes(origin, families, done) };
}

/** Asks for `count` portraits in calls of at most four, then waits until every one has succeeded. */
async function askAndWait(
  origin: string,
  family: Family,
  count: number,
  pollMs: number,
): Promise<GeneratedImage[]> {
  const ids: string[] = [];
  for (const size of callSizes(count)) {
    ids.push(...(await ask(origin, family, size)).map((image) => image.id));
  }
  return waitUntilSucceeded(origin, family, ids, pollMs, timeoutMs(count));
}

async function ask(origin: string, family: Family, count: number): Promise<GeneratedImage[]> {
  const { images } = await callEndpoint(
    origin,
    generateEndpoint,
    { childId: family.parent.childId, styleId: family.styleId, count },
    family.parent.headers,
  );
  if (images.length !== count) {
    throw new Error(`${family.label} asked for ${count} portraits and got ${images.length}`);
  }
  return images;
}

/** 10 → [4, 4, 2]. */
function callSizes(count: number): number[] {
  const sizes: number[] = [];
  for (let left = count; left > 0; left -= GENERATION_MAX_COUNT) {
    sizes.push(Math.min(GENERATION_MAX_COUNT, left));
  }
  return sizes;
}

/**
 * Polls the state of the portraits not yet done, every `pollMs`, until all have succeeded; any
 * failed portrait, missing one or finished portrait without its files fails the run. Answers the
 * finished portraits in the order of `ids`.
 */
async function waitUntilSucceeded(
  origin: string,
  family: Family,
  ids: string[],
  pollMs: number,
  limitMs: number,
): Promise<GeneratedImage[]> {
  const done = new Map<string, GeneratedImage>();
  const until = performance.now() + limitMs;
  while (done.size < ids.length) {
    if (performance.now() > until) {
      throw new Error(`${family.label}: ${ids.length - done.size} portraits unfinished after ${limitMs} ms`);
    }
    await sleep(pollMs);
    for (const image of await statuses(
      origin,
      family,
      ids.filter((id) => !done.has(id)),
    )) {
      if (image.status === "failed") throw new Error(`${family.label}: a portrait failed: ${image.error}`);
      if (image.status === "succeeded") done.set(image.id, checkFinished(family, image));
    }
  }
  return ids.map((id) => done.get(id) as GeneratedImage);
}

/** The current state of the given portraits, every one of them (an id the server forgot fails). */
async function statuses(origin: string, family: Family, ids: string[]): Promise<GeneratedImage[]> {
  const found: GeneratedImage[] = [];
  for (let index = 0; index < ids.length; index += STATUS_BATCH) {
    const imageIds = ids.slice(index, index + STATUS_BATCH);
    const { images } = await callEndpoint(
      origin,
      predictionStatusEndpoint,
      { imageIds },
      family.parent.headers,
    );
    if (images.length !== imageIds.length) {
      throw new Error(`${family.label}: asked for ${imageIds.length} portraits' state, got ${images.length}`);
    }
    found.push(...images);
  }
  return found;
}

function checkFinished(family: Family, image: GeneratedImage): GeneratedImage {
  const problems = [
    image.completedAt ? null : "no completedAt",
    image.url ? null : "no files",
    image.width === LOCAL_PORTRAIT_WIDTH && image.height === LOCAL_PORTRAIT_HEIGHT
      ? null
      : `${image.width}×${image.height}`,
    image.watermarked ? "watermarked on a plan without watermark" : null,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new Error(`${family.label}: portrait ${image.id} succeeded with ${problems.join(", ")}`);
  }
  return image;
}

/** Downloads each portrait and its thumbnail (after the timing): the bytes stored per portrait. */
async function storedBytes(origin: string, families: Family[], done: GeneratedImage[][]): Promise<number[]> {
  const bytes: number[] = [];
  for (const [index, images] of done.entries()) {
    const family = families[index] as Family;
    for (const image of images) bytes.push(await downloadedBytes(origin, family, image));
  }
  return bytes;
}

async function downloadedBytes(origin: string, family: Family, image: GeneratedImage): Promise<number> {
  let total = 0;
  const address = image.url ?? "";
  for (const url of [address, portraitPictureUrl(address, "thumbnail")]) {
    // Signed addresses, fetched as the page's <img> does: without the session.
    const response = await fetch(new URL(url, origin));
    const body = await response.arrayBuffer();
    if (!response.ok || body.byteLength === 0) {
      throw new Error(`${family.label}: portrait ${image.id}'s file answered ${response.status}`);
    }
    total += body.byteLength;
  }
  return total;
}

/**
 * Fairness, once per other family: family A asks for a whole batch as fast as it can (every call at
 * once), then family B asks for one portrait and waits for it; then the next B, after A's next
 * batch. A's earlier batches stay queued (they are never waited for), so each B finds at least a
 * batch of A's ahead of it in arrival. A must still have portraits unfinished when B's is done, or
 * that B measured nothing of fairness.
 */
async function waitsBehindBatch(origin: string, families: Family[], batch: number): Promise<BWait[]> {
  const [a, ...others] = families as [Family, ...Family[]];
  const aImages: GeneratedImage[] = [];
  const measured: (Omit<BWait, "aDoneMeanwhile" | "aLeft"> & { askedAt: number; completedAt: number })[] = [];
  for (const b of others) {
    aImages.push(...(await Promise.all(callSizes(batch).map((size) => ask(origin, a, size)))).flat());
    const askedAt = Date.now();
    const [asked] = await ask(origin, b, 1);
    if (!asked) throw new Error(`${b.label} got no portrait`);
    const [finished] = await waitUntilSucceeded(origin, b, [asked.id], B_POLL_MS, timeoutMs(batch));
    if (!finished) throw new Error(`${b.label}'s portrait is missing`);
    const completedAt = Date.parse(finished.completedAt ?? "");
    measured.push({
      family: b.label,
      waitMs: completedAt - askedAt,
      askedAt,
      completedAt,
      queuePosition: asked.queuePosition,
      estimatedSeconds: asked.estimatedSeconds,
      bytes: await downloadedBytes(origin, b, finished),
    });
  }
  // When A's portraits were asked for and done, to say what each B overtook (unfinished ones have
  // no completedAt). Only those A had asked for before B count for B.
  const aIds = aImages.map((image) => image.id);
  const aTimes = (await statuses(origin, a, aIds)).map((image) => ({
    created: Date.parse(image.createdAt),
    done: image.completedAt ? Date.parse(image.completedAt) : Number.POSITIVE_INFINITY,
  }));
  return measured.map(({ askedAt, completedAt, ...wait }) => {
    const aDone = aTimes.filter((times) => times.created <= askedAt).map((times) => times.done);
    const aLeft = aDone.filter((time) => time > completedAt).length;
    if (aLeft === 0) {
      throw new Error(
        `${a.label}'s portraits were all finished before ${wait.family}'s: that measured nothing of fairness (raise BENCH_STUDIO_BATCH)`,
      );
    }
    const aDoneMeanwhile = aDone.filter((time) => time > askedAt && time <= completedAt).length;
    return { ...wait, aDoneMeanwhile, aLeft };
  });
}

function describeWait(wait: BWait): string {
  return (
    `${wait.family} ${Math.round(wait.waitMs)} ms (queue position ${wait.queuePosition ?? "–"}, ` +
    `estimate ${wait.estimatedSeconds ?? "–"} s; family 1: ${wait.aDoneMeanwhile} done meanwhile, ${wait.aLeft} left)`
  );
}

/** A face crop as the local model's training stored it, with the landmarks its manifest keeps (or null). */
type FaceCrop = { face: Buffer; landmarks: { x: number; y: number }[] | null };

/**
 * The local model's face crops the product made when it trained each family's child, each with the
 * landmarks training found in it (the render job draws with them rather than looking again).
 */
async function faceCropsOf(app: FullApp): Promise<FaceCrop[]> {
  const modelsDir = path.join(app.env.dataDir, "media", "image-models");
  const models = await readdir(modelsDir).catch(() => [] as string[]);
  const crops: FaceCrop[] = [];
  for (const model of models.sort()) {
    const manifest = JSON.parse(await readFile(path.join(modelsDir, model, "manifest.json"), "utf8")) as {
      landmarks?: ({ x: number; y: number }[] | null)[];
    };
    const names = await readdir(path.join(modelsDir, model));
    for (const name of names.filter((candidate) => /^face-\d+\.webp$/.test(candidate)).sort()) {
      const index = Number(name.match(/\d+/)?.[0]);
      crops.push({
        face: await readFile(path.join(modelsDir, model, name)),
        landmarks: manifest.landmarks?.[index] ?? null,
      });
    }
  }
  if (crops.length === 0) {
    throw new Error(`no face crops of the local model under ${modelsDir}: did its storage layout change?`);
  }
  return crops;
}

type BareInput = FaceCrop & { styleId: string };

/** What the render job does to a portrait before storing it, without the job: render, then the files. */
async function renderBare(input: BareInput): Promise<number> {
  const { picture: output } = await renderLocalPortrait({
    face: input.face,
    landmarks: input.landmarks,
    styleId: input.styleId,
    seed: randomInt(0, 2 ** 31 - 1),
  });
  const files = await makePortraitFiles(output, { watermark: null });
  if (files.width !== LOCAL_PORTRAIT_WIDTH || files.height !== LOCAL_PORTRAIT_HEIGHT) {
    throw new Error(`a bare ${input.styleId} portrait came out ${files.width}×${files.height}`);
  }
  return files.full.length + files.thumbnail.length;
}

/** Every input rendered, `atOnce` at a time (a bounded pool of promises; sharp works on its threads). */
async function renderInPool(inputs: BareInput[], atOnce: number): Promise<Batch> {
  const start = performance.now();
  const finishedMs: number[] = [];
  const bytes: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < inputs.length) {
      const input = inputs[next++] as BareInput;
      bytes.push(await renderBare(input));
      finishedMs.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
  return { finishedMs, wallMs: performance.now() - start, bytes };
}

async function renderOneByOne(inputs: BareInput[]): Promise<{ latencies: number[]; bytes: number[] }> {
  const latencies: number[] = [];
  const bytes: number[] = [];
  for (const input of inputs) {
    const began = performance.now();
    bytes.push(await renderBare(input));
    latencies.push(performance.now() - began);
  }
  return { latencies, bytes };
}

/** "requests/s" reads as portraits per second: all of the batch over the time until the last was done. */
function summariseBatch(
  name: string,
  description: string,
  batch: Batch,
  details: Record<string, number | string>,
): SubjectResult {
  const sorted = sortedAscending(batch.finishedMs);
  return {
    name,
    description,
    requestsPerSecond: batch.finishedMs.length / (batch.wallMs / 1000),
    latencyP50Ms: percentile(sorted, 50),
    latencyP95Ms: percentile(sorted, 95),
    latencyP99Ms: percentile(sorted, 99),
    requests: batch.finishedMs.length,
    bytesPerResponse: mean(batch.bytes),
    details: { wallMs: Math.round(batch.wallMs), ...details },
  };
}

/** "requests/s" reads as 1 / the mean time, as for clicks: these are waits one after the other. */
function summariseEach(
  name: string,
  description: string,
  latencies: number[],
  bytes: number[],
  details: Record<string, number | string> = {},
): SubjectResult {
  const sorted = sortedAscending(latencies);
  return {
    name,
    description,
    requestsPerSecond: 1000 / mean(latencies),
    latencyP50Ms: percentile(sorted, 50),
    latencyP95Ms: percentile(sorted, 95),
    latencyP99Ms: percentile(sorted, 99),
    requests: latencies.length,
    bytesPerResponse: mean(bytes),
    details: { slowestMs: Math.round(sorted[sorted.length - 1] ?? 0), ...details },
  };
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
