import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type GeneratedImage,
  portraitPictureUrl,
  previewsEndpoint,
  uploadSinglePhotoPath,
} from "@wonderkin/contract";
import { samePersonPictures } from "@wonderkin/server/test-fixtures/face-pictures";
import type { Benchmark } from "../harness/benchmark";
import { percentile, sortedAscending } from "../harness/percentile";
import { PHONE_LONG_SIDE, PHONE_SHORT_SIDE, phoneSizedPhoto } from "../harness/phone-photo";
import { describeCalls, log } from "../harness/progress-log";
import { readCount } from "../harness/read-settings";
import { summariseTimes } from "../harness/summarise-times";
import { prepareUploads } from "../harness/uploads";
import {
  describeServerTuning,
  type FullApp,
  serverTuningFromEnv,
  startFullApp,
} from "../subjects/start-full-app";
import { callEndpoint, parentWithChild, type StudioParent } from "../subjects/studio-parent";

/** Magician: a plan (previews use the styles it unlocks), so each parent may add a child. */
const PLAN_ID = 1;
/** Uploads one parent's page has on their way at once (the web app's UPLOAD_CONCURRENCY). */
const UPLOAD_CONCURRENCY = 3;
/** How often the previews are asked for after the upload, start to start. */
const POLL_MS = 100;
/** Only to end a run that hangs: far beyond any plausible preview time. */
const PREVIEWS_TIMEOUT_MS = 60_000;
/** Between two parents: the product finishes what it does after the last preview (job bookkeeping). */
const PAUSE_BETWEEN_PARENTS_MS = 500;
/** The most photos of one person `samePersonPictures` makes. */
const MAX_SAME_PERSON = 12;
const MAKE_PREVIEWS_JOB = "studio.make-previews";
const RENDER_JOB = "studio.render-portrait";

/** The product as one process with its worker, with its defaults: local model, face checks on. */
const productEnv = {
  ROLE: "all",
  FACE_DETECTION: "on",
  ...serverTuningFromEnv(),
};

/** One parent's measurement: times in ms from the minimum-reaching upload's 200 answer. */
type PreviewRun = {
  label: string;
  childId: number;
  /** The minimum-reaching upload's own latency. */
  uploadMs: number;
  /** The answer's wall-clock time (Date.now()), to place the server's timestamps (same process, same clock). */
  answeredAt: number;
  firstMs: number;
  allMs: number;
  shown: GeneratedImage[];
  polls: number;
};

/**
 * Where one parent's wait went, from the server's own records: points in ms after the upload's
 * answer (the make-previews job and the first preview's render job in pg-boss's table, the first
 * preview's row), null where a record is missing.
 */
type Phases = {
  previewsJobStarted: number | null;
  /** The preview rows written (`created_at`, in the job's transaction, before its commit). */
  previewsCreated: number | null;
  renderJobStarted: number | null;
  predictionStarted: number | null;
  stored: number | null;
  seen: number;
};

/**
 * Issue 18's instant previews: for parents one after the other, the time from the answer (200) to
 * the upload that brings a child to the photo minimum until the previews endpoint, asked every
 * 100 ms as a page might, first lists a finished preview; and until it lists the whole set ready.
 * The product with its defaults (local image model, face checks on); photos of one person.
 */
export const previewLatencyBenchmark: Benchmark = {
  name: "preview-latency",
  description: "upload reaching the photo minimum → first preview visible, and → all previews ready",
  async run(settings) {
    const parents = readCount("BENCH_PREVIEW_PARENTS", 10, { min: 1, max: 50 });
    const warmups = settings.warmupSeconds > 0 ? 1 : 0;

    const photoDir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-previews-"));
    try {
      log("starting the product");
      const app = await startFullApp({ worker: true, env: productEnv });
      try {
        const minimum = app.env.PHOTOS_MIN_PER_CHILD;
        const setSize = app.env.PREVIEW_PORTRAITS;
        if (minimum > MAX_SAME_PERSON) {
          throw new Error(
            `PHOTOS_MIN_PER_CHILD is ${minimum}; the bench has ${MAX_SAME_PERSON} photos of one person`,
          );
        }
        if (setSize === 0) throw new Error("PREVIEW_PORTRAITS is 0: the product makes no previews");

        log(`${minimum} photos of one person at ${PHONE_SHORT_SIDE}×${PHONE_LONG_SIDE}`);
        const files = await writePhotos(photoDir, minimum);
        const before = files.slice(0, -1);
        const last = await readFile(files[files.length - 1] as string);

        log(`${parents} parents${warmups > 0 ? " and one for the warm-up" : ""}, with a child each`);
        const everyone = await Promise.all(
          Array.from({ length: warmups + parents }, (_, index) =>
            parentWithChild(app.origin, {
              firstName: index < warmups ? "Warm" : `Preview${index - warmups + 1}`,
              planId: PLAN_ID,
            }),
          ),
        );
        const url = `${app.origin}${uploadSinglePhotoPath}`;
        if (before.length > 0) {
          log(
            `each child's first ${before.length} photos (one short of the minimum), ${UPLOAD_CONCURRENCY} at a time per parent`,
          );
          const uploads = await (
            await prepareUploads({
              url,
              uploaders: everyone.map((parent) => ({ headers: parent.headers, childId: parent.childId })),
              photoFiles: before,
              concurrency: UPLOAD_CONCURRENCY,
            })
          ).go();
          const refused = uploads.calls.filter((call) => call.status !== 200);
          if (uploads.calls.length !== everyone.length * before.length || refused.length > 0) {
            throw new Error(
              `before the minimum: ${uploads.calls.length} of ${everyone.length * before.length} uploads answered, ` +
                `${refused.length} not with 200: ${describeCalls(refused)}`,
            );
          }
        }

        const runs: PreviewRun[] = [];
        for (const [index, parent] of everyone.entries()) {
          const label = index < warmups ? "warm-up" : `parent ${index - warmups + 1}`;
          await sleep(PAUSE_BETWEEN_PARENTS_MS);
          const run = await uploadAndWatch(app.origin, url, parent, last, label);
          log(
            `${label}: upload ${Math.round(run.uploadMs)} ms, then first preview ${Math.round(run.firstMs)} ms, ` +
              `all ${Math.round(run.allMs)} ms (${run.shown.length} of ${setSize} shown, ${run.polls} polls)`,
          );
          if (index >= warmups) runs.push(run);
        }

        // Read after every measurement: on PGlite these statements run on the product's thread.
        const phases: Phases[] = [];
        for (const run of runs) phases.push(await phasesOf(app, run));
        for (const [index, phase] of phases.entries()) log(`${runs[index]?.label}: ${describePhases(phase)}`);
        const bytes = await Promise.all(runs.map((run) => thumbnailBytes(app.origin, run)));

        const shownCounts = runs.map((run) => run.shown.length);
        const phaseDetails = summarisePhases(phases);
        return {
          subjects: [
            summariseTimes(
              "upload",
              `the upload that brings the child to ${minimum} photos: request to its 200 answer (the measurements start there)`,
              runs.map((run) => run.uploadMs),
              [last.length],
            ),
            summariseTimes(
              "first preview",
              "upload answered → the previews endpoint first lists a succeeded preview (with its thumbnail)",
              runs.map((run) => run.firstMs),
              bytes,
              phaseDetails,
            ),
            summariseTimes(
              "all previews",
              'upload answered → the previews endpoint answers "ready" (every preview finished)',
              runs.map((run) => run.allMs),
              [],
              {
                previewsPerSet: setSize,
                fewestShown: Math.min(...shownCounts),
                dropped: shownCounts.reduce((sum, shown) => sum + (setSize - shown), 0),
              },
            ),
          ],
          comparison: { subject: "first preview", baseline: "upload" },
          otherComparisons: [{ subject: "all previews", baseline: "first preview" }],
          conditions:
            `${parents} parents one after the other${warmups > 0 ? ", after one warm-up parent" : ""}, each with a child ` +
            `that has ${before.length} photos: the ${minimum}th (PHOTOS_MIN_PER_CHILD) is uploaded alone, then ` +
            `POST ${previewsEndpoint.path} is asked every ${POLL_MS} ms; ${minimum} photos of one person ` +
            `(samePersonPictures, enlarged to ${PHONE_SHORT_SIDE}×${PHONE_LONG_SIDE} JPEGs); ${setSize} previews ` +
            `a set (PREVIEW_PORTRAITS), local image model; the product with its worker in one process (ROLE=all, ` +
            `FACE_DETECTION=on, ${describeServerTuning(app.env)}) on PGlite`,
        };
      } finally {
        await app.close();
      }
    } finally {
      await rm(photoDir, { recursive: true, force: true });
    }
  },
};

/** The photos of one child, upright as a phone is held for a child's photo (as face-identity sends them). */
async function writePhotos(dir: string, count: number): Promise<string[]> {
  return Promise.all(
    (await samePersonPictures(count)).map(async (picture, index) => {
      const file = path.join(dir, `same-person-${index}.jpg`);
      await writeFile(file, await phoneSizedPhoto(picture, { orientation: "upright" }));
      return file;
    }),
  );
}

/**
 * Uploads the photo that reaches the minimum, from this process (its answer starts the clock), then
 * asks for the child's previews every POLL_MS until the set is ready. Fails on a refused upload, an
 * unavailable set or one that never comes.
 */
async function uploadAndWatch(
  origin: string,
  url: string,
  parent: StudioParent,
  photo: Buffer,
  label: string,
): Promise<PreviewRun> {
  const form = new FormData();
  form.append("childId", String(parent.childId));
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "minimum.jpg");
  const began = performance.now();
  const response = await fetch(url, { method: "POST", headers: parent.headers, body: form });
  const answer = await response.text();
  const answered = performance.now();
  const answeredAt = Date.now();
  if (response.status !== 200) {
    throw new Error(
      `${label}: the minimum-reaching upload answered ${response.status}: ${answer.slice(0, 300)}`,
    );
  }

  let firstMs: number | null = null;
  let polls = 0;
  for (let next = answered; ; next += POLL_MS) {
    await sleep(Math.max(0, next - performance.now()));
    const previews = await callEndpoint(
      origin,
      previewsEndpoint,
      { childId: parent.childId },
      parent.headers,
    );
    const at = performance.now() - answered;
    polls++;
    const shown = previews.images.filter((image) => image.status === "succeeded" && image.url);
    firstMs ??= shown.length > 0 ? at : null;
    if (previews.status === "ready") {
      if (firstMs === null) throw new Error(`${label}: the previews are "ready" without a finished one`);
      return {
        label,
        childId: parent.childId,
        uploadMs: answered - began,
        answeredAt,
        firstMs,
        allMs: at,
        shown,
        polls,
      };
    }
    if (previews.status === "unavailable") throw new Error(`${label}: the previews are unavailable`);
    if (at > PREVIEWS_TIMEOUT_MS) {
      throw new Error(
        `${label}: previews still "${previews.status}" (${shown.length} shown) ${PREVIEWS_TIMEOUT_MS} ms after the upload`,
      );
    }
  }
}

/** `timestamptz` as ms since the epoch (a float8: node-postgres and PGlite both answer a number). */
const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The server's own record of a parent's previews: its make-previews job and, for the preview that
 * finished first, its render job and its row (`started_at`: the prediction started, after the
 * reference copies; `completed_at`: rendered, checked for likeness and stored).
 */
async function phasesOf(app: FullApp, run: PreviewRun): Promise<Phases> {
  const since = (value: unknown) => (typeof value === "number" ? value - run.answeredAt : null);
  const { rows: jobs } = await app.query(
    `select ${epochMs("started_on")} as started
       from pgboss.job where name = $1 and (data->>'childId')::int = $2
      order by created_on limit 1`,
    [MAKE_PREVIEWS_JOB, run.childId],
  );
  const { rows: images } = await app.query(
    `select ${epochMs("i.created_at")} as created, ${epochMs("j.started_on")} as job_started,
            ${epochMs("i.started_at")} as started,
            ${epochMs("i.completed_at")} as completed
       from generated_image i left join pgboss.job j on j.name = $1 and j.data->>'imageId' = i.id
      where i.child_id = $2 and i.kind = 'preview' and i.status = 'succeeded'
      order by i.completed_at limit 1`,
    [RENDER_JOB, run.childId],
  );
  const [job] = jobs;
  const [image] = images;
  return {
    previewsJobStarted: since(job?.started),
    previewsCreated: since(image?.created),
    renderJobStarted: since(image?.job_started),
    predictionStarted: since(image?.started),
    stored: since(image?.completed),
    seen: run.firstMs,
  };
}

/** The steps between the points of `Phases`, in order: each one's duration. */
const PHASE_STEPS = [
  ["pickupMs", null, "previewsJobStarted"],
  ["makePreviewsJobMs", "previewsJobStarted", "previewsCreated"],
  ["renderPickupMs", "previewsCreated", "renderJobStarted"],
  ["referenceCopiesMs", "renderJobStarted", "predictionStarted"],
  ["renderCheckStoreMs", "predictionStarted", "stored"],
  ["storedToSeenMs", "stored", "seen"],
] as const;

function stepDurations(phases: Phases): Record<string, number | null> {
  return Object.fromEntries(
    PHASE_STEPS.map(([name, from, to]) => {
      const start = from === null ? 0 : phases[from];
      const end = phases[to];
      return [name, start === null || end === null ? null : end - start];
    }),
  );
}

function describePhases(phases: Phases): string {
  return Object.entries(stepDurations(phases))
    .map(([name, ms]) => `${name} ${ms === null ? "–" : Math.round(ms)}`)
    .join(", ");
}

/** Each step's p50 and p95 over the parents (a step without records is left out). */
function summarisePhases(phases: Phases[]): Record<string, number> {
  const steps = phases.map(stepDurations);
  const summary: Record<string, number> = {};
  for (const [name] of PHASE_STEPS) {
    const values = steps.flatMap((step) => (step[name] === null ? [] : [step[name] as number]));
    if (values.length === 0) continue;
    const sorted = sortedAscending(values);
    summary[`${name.replace(/Ms$/, "")}P50Ms`] = Math.round(percentile(sorted, 50));
    summary[`${name.replace(/Ms$/, "")}P95Ms`] = Math.round(percentile(sorted, 95));
  }
  return summary;
}

/** The thumbnail of the first finished preview, downloaded after the timing: its bytes, and that it is there. */
async function thumbnailBytes(origin: string, run: PreviewRun): Promise<number> {
  const [first] = run.shown;
  // Signed addresses, fetched as the page's <img> does: without the session.
  const response = await fetch(new URL(portraitPictureUrl(first?.url ?? "", "thumbnail"), origin));
  const body = await response.arrayBuffer();
  if (!response.ok || body.byteLength === 0) {
    throw new Error(`${run.label}: a preview's thumbnail answered ${response.status}`);
  }
  return body.byteLength;
}
