import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { uploadSinglePhotoPath } from "@wonderkin/contract";
import { samePersonPictures } from "@wonderkin/server/test-fixtures/face-pictures";
import type { Benchmark, SubjectResult } from "../harness/benchmark";
import { measureHttp, measureHttpWhile } from "../harness/measure-http";
import { percentile, sortedAscending } from "../harness/percentile";
import { PHONE_LONG_SIDE, PHONE_SHORT_SIDE, phoneSizedPhoto } from "../harness/phone-photo";
import { describeCalls, log } from "../harness/progress-log";
import { readCount } from "../harness/read-settings";
import { prepareUploads, type UploadPlan, type UploadsResult } from "../harness/uploads";
import { describeServerTuning, serverTuningFromEnv, startFullApp } from "../subjects/start-full-app";
import { parentWithChild, type StudioParent } from "../subjects/studio-parent";

const PATH = "/api/health";
/** Magician: a plan, so each parent may add a child. */
const PLAN_ID = 1;
/** Uploads one parent's page has on their way at once (the web app's UPLOAD_CONCURRENCY). */
const UPLOAD_CONCURRENCY = 3;
/** A phone's 12-megapixel photo, as photo-processing measures one. */

/** The product as one process with its worker, checking every photo for one clear face. */
const productEnv = {
  ROLE: "all",
  FACE_DETECTION: "on",
  ...serverTuningFromEnv(),
};

/**
 * Whether the API stays responsive while photos are checked: `GET /api/health` at a steady pace,
 * its p99 while several parents upload 12-megapixel photos of real faces (each decoded,
 * normalised and run through face detection) against its p99 on the same product at rest. The
 * health check touches neither the database nor the image work, so what it loses under the uploads
 * is time the API's event loop could not answer anything.
 */
export const uploadsVsHealthBenchmark: Benchmark = {
  name: "uploads-vs-health",
  description: `GET ${PATH} p99 while parents upload photos (face detection on) vs at rest`,
  async run(settings) {
    const parents = readCount("BENCH_UPLOAD_PARENTS", 4, { min: 1, max: 20 });
    const photosEach = readCount("BENCH_UPLOAD_PHOTOS", 10, { min: 1, max: 30 });
    const ratePerSecond = readCount("BENCH_HEALTH_PROBE_RATE", 100, { min: 1, max: 100_000 });

    const photoDir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-photos-"));
    try {
      log("12-megapixel photos of one test face");
      const candidates = await writePhotos(photoDir);
      log("starting the product");
      const app = await startFullApp({ worker: true, env: productEnv });
      try {
        log(`${parents} parents with a child each, and one more to check the photos`);
        const [checker, ...uploaders] = await Promise.all(
          Array.from({ length: parents + 1 }, (_, index) =>
            parentWithChild(app.origin, {
              firstName: index === 0 ? "Check" : `Upload${index}`,
              planId: PLAN_ID,
            }),
          ),
        );
        const url = `${app.origin}${uploadSinglePhotoPath}`;

        // Which photos the product accepts (one clear face, not a near-copy of another): a parent of
        // its own uploads every candidate first. It is also the warm-up: every image thread loads
        // the face detector's model on its first photo, which must not fall into the measurement.
        log(`checking ${candidates.length} candidate photos through the product (also the warm-up)`);
        const check = await (
          await prepareUploads(uploadPlan(url, [checker as StudioParent], candidates))
        ).go();
        const accepted = acceptedPhotos(check, candidates);
        if (accepted.length < photosEach) {
          throw new Error(
            `the product accepts ${accepted.length} of the ${candidates.length} test photos; BENCH_UPLOAD_PHOTOS=${photosEach} needs as many`,
          );
        }
        const photos = accepted.slice(0, photosEach);
        log(
          `${accepted.length} of ${candidates.length} accepted; each parent uploads the first ${photosEach}`,
        );

        const health = `${app.origin}${PATH}`;
        await expectHealthy(await fetch(health));
        const load = { url: health, connections: settings.connections, ratePerSecond };

        log(
          `at rest: ${ratePerSecond} requests/s, ${settings.warmupSeconds} s warm-up, then ${settings.durationSeconds} s measured`,
        );
        const idle = await measureHttp({ ...load, ...settings });

        log(
          `during the uploads: ${parents} parents × ${photosEach} photos, ${UPLOAD_CONCURRENCY} at a time each`,
        );
        const prepared = await prepareUploads(uploadPlan(url, uploaders, photos));
        const { measurement, value: uploads } = await measureHttpWhile({ ...load, warmupSeconds: 0 }, () =>
          prepared.go(),
        ).catch((error: unknown) => {
          prepared.cancel();
          throw error;
        });
        checkUploads(uploads, parents * photosEach);

        const uploadLatencies = sortedAscending(uploads.calls.map((call) => call.latencyMs));
        const subjects: SubjectResult[] = [
          {
            name: "at rest",
            description: `GET ${PATH} of the product with nothing else to do`,
            ...idle,
          },
          {
            name: "during uploads",
            description: `GET ${PATH} while ${parents} parents upload ${photosEach} photos each`,
            ...measurement,
            details: {
              photos: uploads.calls.length,
              uploadsWallMs: Math.round(uploads.wallMs),
              photosPerSecond: Number((uploads.calls.length / (uploads.wallMs / 1000)).toFixed(2)),
              uploadP50Ms: Math.round(percentile(uploadLatencies, 50)),
              uploadP99Ms: Math.round(percentile(uploadLatencies, 99)),
            },
          },
        ];
        return {
          subjects,
          comparison: { subject: "during uploads", baseline: "at rest" },
          conditions:
            `GET ${PATH} at ${ratePerSecond} requests/s over ${settings.connections} connections: ` +
            `${settings.durationSeconds} s at rest after ${settings.warmupSeconds} s warm-up, then for as long as ` +
            `${parents} parents upload ${photosEach} photos each (${PHONE_LONG_SIDE}×${PHONE_SHORT_SIDE} JPEGs of real faces, one per request, ` +
            `${UPLOAD_CONCURRENCY} at a time per parent, from another process); the product with its worker in one ` +
            `process (ROLE=all, FACE_DETECTION=on, ${describeServerTuning(app.env)}) on PGlite`,
        };
      } finally {
        await app.close();
      }
    } finally {
      await rm(photoDir, { recursive: true, force: true });
    }
  },
};

/**
 * One person's photos as a phone would send them (enlarged to 12 megapixels, with camera and GPS
 * EXIF): a child's set takes one child only since decision 0028, so the twelve variants of one
 * sample face that the pipeline takes as different photos. Written to `dir`; answers the files.
 */
async function writePhotos(dir: string): Promise<string[]> {
  const faces = await samePersonPictures(12);
  return Promise.all(
    faces.map(async (face, index) => {
      const file = path.join(dir, `photo-${index}.jpg`);
      await writeFile(file, await phoneSizedPhoto(face, { mirrored: false }));
      return file;
    }),
  );
}

function uploadPlan(url: string, parents: StudioParent[], photoFiles: string[]): UploadPlan {
  return {
    url,
    uploaders: parents.map((parent) => ({ headers: parent.headers, childId: parent.childId })),
    photoFiles,
    concurrency: UPLOAD_CONCURRENCY,
  };
}

/** The candidates the product took, in their order; a refusal other than a photo's own fails the run. */
function acceptedPhotos(check: UploadsResult, candidates: string[]): string[] {
  const broken = check.calls.filter((call) => call.status !== 200 && !call.code?.startsWith("PHOTO_"));
  if (broken.length > 0) throw new Error(`checking the photos: ${describeCalls(broken)}`);
  const taken = new Set(check.calls.filter((call) => call.status === 200).map((call) => call.photo));
  return candidates.filter((_, index) => taken.has(index));
}

/** Every photo of the measured uploads was checked by the product before: each must be accepted. */
function checkUploads(uploads: UploadsResult, expected: number): void {
  const refused = uploads.calls.filter((call) => call.status !== 200);
  if (uploads.calls.length !== expected || refused.length > 0) {
    throw new Error(
      `${uploads.calls.length} of ${expected} uploads answered, ${refused.length} not with 200: ${describeCalls(refused)}`,
    );
  }
}

async function expectHealthy(response: Response): Promise<void> {
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
  if (response.status !== 200 || body?.status !== "ok") {
    throw new Error(
      `${PATH} answered ${response.status} ${JSON.stringify(body)}, expected 200 {"status":"ok"}`,
    );
  }
}
