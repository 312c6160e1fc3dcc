import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  creditErrorCodes,
  GENERATION_CREDIT_COST,
  generatedImagesEndpoint,
  generateEndpoint,
  predictionStatusEndpoint,
  studioErrorCodes,
  userCreditsEndpoint,
} from "@wonderkin/contract";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import { type BenchDatabase, benchDatabases } from "../harness/bench-databases";
import type { Benchmark, BenchSettings, ComparedPair, SubjectResult } from "../harness/benchmark";
import { type BurstResult, fireBurst } from "../harness/burst";
import { percentile, sortedAscending } from "../harness/percentile";
import { describeCalls, log } from "../harness/progress-log";
import { startFullApp } from "../subjects/start-full-app";
import { callEndpoint, parentWithTrainedChild, type StudioParent } from "../subjects/studio-parent";

const CALLS = 200;
/** Alchemist: 50 credits, once. */
const PLAN_ID = 5;
const CREDITS = 50;
const ACCEPTED = CREDITS / GENERATION_CREDIT_COST;
const STYLE_ID = "astronaut";
/** A style of an exclusive pack (Warriors), which Alchemist does not include. */
const LOCKED_STYLE_ID = "viking";
const PHOTOS = 3;
const RENDER_TIMEOUT_MS = 60_000;

type Database = BenchDatabase;

/** Settings of the product for this benchmark: one process with its worker, training at once. */
const productEnv = {
  ROLE: "all",
  FACE_DETECTION: "off",
  PHOTOS_MIN_PER_CHILD: String(PHOTOS),
  LOCAL_TRAINING_SECONDS: "0",
};

/**
 * Issue 7's guarantee under load, through the real product: 200 concurrent "generate" calls on
 * 50 credits must accept exactly 50 and refuse 150 with INSUFFICIENT_CREDITS, leaving a balance of
 * 0. A run that sees anything else fails: that would be a bug, not a figure. Measured against 200
 * concurrent calls to a cheap authenticated endpoint (the balance) as the same parent. On PGlite,
 * and also on PostgreSQL when BENCH_DATABASE_URL names a server.
 */
export const generateConcurrencyBenchmark: Benchmark = {
  name: "generate-concurrency",
  description: `${CALLS} concurrent POST ${generateEndpoint.path} on ${CREDITS} credits vs ${CALLS} concurrent POST ${userCreditsEndpoint.path}`,
  async run(settings) {
    const databases = benchDatabases();
    const subjects: SubjectResult[] = [];
    const pairs: ComparedPair[] = [];
    for (const database of databases) {
      subjects.push(...(await measureOn(database, settings)));
      pairs.push({ subject: `generate (${database.label})`, baseline: `credits (${database.label})` });
    }
    const [comparison, ...otherComparisons] = pairs as [ComparedPair, ...ComparedPair[]];
    return {
      subjects,
      comparison,
      otherComparisons,
      conditions:
        `${CALLS} calls at once, each on its own connection, one burst per subject` +
        `${settings.warmupSeconds > 0 ? " after a discarded warm-up (see README)" : ""}; ` +
        `the product with its worker in one process (ROLE=all) on ${databases.map((database) => database.label).join(", then ")}`,
    };
  },
};

async function measureOn(database: Database, settings: BenchSettings): Promise<SubjectResult[]> {
  log(`${database.label}: starting the product`);
  const app = await startFullApp({
    worker: true,
    env: productEnv,
    ...(database.postgresUrl ? { postgresUrl: database.postgresUrl } : {}),
  });
  try {
    const photos = (await singleFacePictures()).slice(0, PHOTOS);
    const newParent = (firstName: string) =>
      parentWithTrainedChild(app.origin, { firstName, planId: PLAN_ID, photos });

    // The warm-up, by a parent of its own so the measured one starts with all 50 credits: a burst of
    // each endpoint (generate in a style the plan does not include, so that nothing is spent), then
    // one real portrait, spent, queued, rendered and waited for. A burst that spends all 50 would
    // leave the worker rendering through the measurement: it takes one job per polling interval.
    if (settings.warmupSeconds > 0) {
      log(`${database.label}: warm-up`);
      const warmup = await newParent("Warm");
      await fireBurst(creditsBurst(app.origin, warmup));
      checkLockedBurst(database, await fireBurst(generateBurst(app.origin, warmup, LOCKED_STYLE_ID)));
      const { images } = await callEndpoint(
        app.origin,
        generateEndpoint,
        { childId: warmup.childId, styleId: STYLE_ID, count: 1 },
        warmup.headers,
      );
      await waitForPortraits(
        app.origin,
        warmup,
        images.map((image) => image.id),
      );
    }

    log(`${database.label}: a parent with ${CREDITS} credits and a trained child`);
    const parent = await newParent("Rush");
    log(`${database.label}: ${CALLS} concurrent ${userCreditsEndpoint.path}`);
    const credits = await fireBurst(creditsBurst(app.origin, parent));
    const wrongCredits = credits.calls.filter(
      (call) => call.status !== 200 || (call.body as { totalCredits?: unknown }).totalCredits !== CREDITS,
    );
    if (wrongCredits.length > 0) {
      throw new Error(
        `${database.label}: ${wrongCredits.length} of ${CALLS} balance reads did not answer 200 with ${CREDITS} credits: ${describeCalls(wrongCredits)}`,
      );
    }

    log(`${database.label}: ${CALLS} concurrent ${generateEndpoint.path}`);
    const generate = await fireBurst(generateBurst(app.origin, parent));
    const accepted = checkGenerateBurst(database, generate).length;
    const { totalCredits } = await callEndpoint(app.origin, userCreditsEndpoint, {}, parent.headers);
    if (totalCredits !== 0) {
      throw new Error(
        `${database.label}: INVARIANT BROKEN: the balance is ${totalCredits} after the burst, not 0`,
      );
    }
    const gallery = await callEndpoint(
      app.origin,
      generatedImagesEndpoint,
      { childId: parent.childId, limit: 100 },
      parent.headers,
    );
    if (gallery.images.length !== ACCEPTED) {
      throw new Error(
        `${database.label}: INVARIANT BROKEN: the child has ${gallery.images.length} portraits after the burst, not ${ACCEPTED}`,
      );
    }

    return [
      summarise(`credits (${database.label})`, `POST ${userCreditsEndpoint.path}: the balance`, credits, {}),
      summarise(
        `generate (${database.label})`,
        `POST ${generateEndpoint.path} {styleId: "${STYLE_ID}", count: 1}`,
        generate,
        {
          accepted,
          refused: CALLS - accepted,
          finalBalance: totalCredits,
        },
      ),
    ];
  } finally {
    await app.close();
  }
}

function creditsBurst(origin: string, parent: StudioParent) {
  return { url: `${origin}${userCreditsEndpoint.path}`, headers: parent.headers, body: {}, calls: CALLS };
}

function generateBurst(origin: string, parent: StudioParent, styleId = STYLE_ID) {
  return {
    url: `${origin}${generateEndpoint.path}`,
    headers: parent.headers,
    body: { childId: parent.childId, styleId, count: 1 },
    calls: CALLS,
  };
}

/**
 * Exactly 50 accepted, each with one portrait and its own balance from 49 down to 0 (two calls
 * seeing the same balance would mean two spends of one credit), and every other call refused with
 * 402 INSUFFICIENT_CREDITS. Anything else stops the run. Answers the accepted portraits' ids.
 */
function checkGenerateBurst(database: Database, burst: BurstResult): string[] {
  const accepted = burst.calls.filter((call) => call.status === 200);
  const refused = burst.calls.filter((call) => call.status !== 200);
  const problems: string[] = [];
  if (accepted.length !== ACCEPTED)
    problems.push(`${accepted.length} accepted, expected exactly ${ACCEPTED}`);
  const wronglyRefused = refused.filter(
    (call) => call.status !== 402 || call.code !== creditErrorCodes.insufficientCredits,
  );
  if (wronglyRefused.length > 0) {
    problems.push(
      `${wronglyRefused.length} refused otherwise than 402 ${creditErrorCodes.insufficientCredits}: ${describeCalls(wronglyRefused)}`,
    );
  }
  const answers = accepted.map((call) => generateEndpoint.response.parse(call.body));
  const balances = answers.map((answer) => answer.balance).sort((a, b) => a - b);
  const expectedBalances = Array.from({ length: ACCEPTED }, (_, index) => index);
  if (accepted.length === ACCEPTED && balances.join() !== expectedBalances.join()) {
    problems.push(
      `the accepted calls answered the balances ${balances.join(", ")}, not each of 0…${ACCEPTED - 1} once`,
    );
  }
  const ids = answers.flatMap((answer) => answer.images.map((image) => image.id));
  if (ids.length !== accepted.length)
    problems.push(`${ids.length} portraits for ${accepted.length} accepted calls`);
  if (problems.length > 0) {
    throw new Error(
      `${database.label}: INVARIANT BROKEN: ${CALLS} concurrent generate calls on ${CREDITS} credits: ${problems.join("; ")}`,
    );
  }
  return ids;
}

/** The warm-up's burst in a style the plan does not include: every call refused, nothing spent. */
function checkLockedBurst(database: Database, burst: BurstResult): void {
  const other = burst.calls.filter(
    (call) => call.status !== 403 || call.code !== studioErrorCodes.styleLocked,
  );
  if (other.length > 0) {
    throw new Error(
      `${database.label}: generate in a locked style answered otherwise than 403 ${studioErrorCodes.styleLocked}: ${describeCalls(other)}`,
    );
  }
}

/** Polls the portraits' state as the studio page does, until every one succeeded. */
async function waitForPortraits(origin: string, parent: StudioParent, imageIds: string[]): Promise<void> {
  const start = performance.now();
  for (;;) {
    const { images } = await callEndpoint(origin, predictionStatusEndpoint, { imageIds }, parent.headers);
    const failed = images.filter((image) => image.status === "failed");
    if (failed.length > 0) throw new Error(`${failed.length} portraits failed: ${failed[0]?.error}`);
    if (images.length === imageIds.length && images.every((image) => image.status === "succeeded")) return;
    if (performance.now() - start > RENDER_TIMEOUT_MS) {
      throw new Error(`portraits still unfinished after ${RENDER_TIMEOUT_MS} ms`);
    }
    await sleep(250);
  }
}

function summarise(
  name: string,
  description: string,
  burst: BurstResult,
  details: Record<string, number>,
): SubjectResult {
  const sorted = sortedAscending(burst.calls.map((call) => call.latencyMs));
  return {
    name,
    description,
    requestsPerSecond: burst.calls.length / (burst.wallMs / 1000),
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    requests: burst.calls.length,
    bytesPerResponse: burst.calls.reduce((sum, call) => sum + call.bytes, 0) / burst.calls.length,
    details: { wallMs: Math.round(burst.wallMs), ...details },
  };
}
