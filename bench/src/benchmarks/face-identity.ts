import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { uploadSinglePhotoPath } from "@wonderkin/contract";
import { createTfjsFaceDetector } from "@wonderkin/server/face-detector";
import { preparePhoto } from "@wonderkin/server/photo-processing";
import { samePersonPictures } from "@wonderkin/server/test-fixtures/face-pictures";
import { acceptedFacePictures, MAX_PHOTO_BYTES } from "../harness/accepted-faces";
import type { Benchmark, SubjectResult } from "../harness/benchmark";
import { measureSequential, sequentialConditions } from "../harness/measure-sequential";
import { percentile, sortedAscending } from "../harness/percentile";
import { PHONE_LONG_SIDE, PHONE_SHORT_SIDE, phoneSizedPhoto } from "../harness/phone-photo";
import { describeCalls, log } from "../harness/progress-log";
import { prepareUploads, type UploadsResult } from "../harness/uploads";
import { describeServerTuning, serverTuningFromEnv, startFullApp } from "../subjects/start-full-app";
import { parentWithChild } from "../subjects/studio-parent";

/** The photos of one child uploaded end to end. */
const UPLOADED_PHOTOS = 10;
/** Magician: a plan, so each parent may add a child. */
const PLAN_ID = 1;
/** The warm-up's uploads on their way at once (the web app's UPLOAD_CONCURRENCY): every image thread gets some. */
const WARMUP_CONCURRENCY = 3;

type FaceDetector = ReturnType<typeof createTfjsFaceDetector>;
type RgbImage = Parameters<FaceDetector["detect"]>[0];

/** The product as one process with its worker, checking and describing every photo's face. */
const productEnv = {
  ROLE: "all",
  FACE_DETECTION: "on",
  ...serverTuningFromEnv(),
};

/**
 * The face check's input for each test face the upload pipeline accepts: the 416-px RGB copy
 * `preparePhoto` makes of the 12-megapixel photo, exactly what an upload hands the detector.
 */
async function analysisCopies(faceDetector: FaceDetector): Promise<RgbImage[]> {
  const copies: RgbImage[] = [];
  for (const { photo } of await acceptedFacePictures(faceDetector)) {
    const { analysis } = await preparePhoto(photo, { maxBytes: MAX_PHOTO_BYTES });
    copies.push({ data: analysis.data, width: analysis.info.width, height: analysis.info.height });
  }
  if (copies.length < 4) throw new Error(`only ${copies.length} of the test faces pass the pipeline; need 4`);
  return copies;
}

/**
 * What describing a photo's face (landmarks, the 128-number descriptor and the age, on top of
 * finding it) costs: per photo, against finding it alone, and in the upload of a child's photos
 * end to end through the product.
 */
export const faceIdentityBenchmark: Benchmark = {
  name: "face-identity",
  description:
    "describe (detector + landmarks + descriptor + age) vs detect per photo; 10 uploads end to end",
  async run(settings) {
    const faceDetector = createTfjsFaceDetector();
    log("416-px analysis copies of the test faces' 12-megapixel photos");
    const copies = await analysisCopies(faceDetector);

    const detect = await measureSequential(
      { name: "detect", description: "detector.detect: TinyFaceDetector on the 416-px copy" },
      copies,
      settings,
      async (rgb) => {
        await faceDetector.detect(rgb);
        return 0;
      },
    );
    const describe = await measureSequential(
      {
        name: "describe",
        description: "detector.describe: detector, 68 landmarks, 128-d descriptor, age on the 416-px copy",
      },
      copies,
      settings,
      async (rgb) => {
        await faceDetector.describe(rgb);
        return 0;
      },
    );

    const upload = await uploadTenPhotos();
    return {
      subjects: [detect, describe, upload.subject],
      comparison: { subject: "describe", baseline: "detect" },
      conditions:
        `detect, describe: ${copies.length} analysis copies (≤ 416 px, as preparePhoto makes them from ` +
        `${PHONE_LONG_SIDE}×${PHONE_SHORT_SIDE} JPEGs of the test faces), ${sequentialConditions(settings)}, in the bench process. ` +
        `upload-10-photos: one parent uploads ${UPLOADED_PHOTOS} same-person ${PHONE_SHORT_SIDE}×${PHONE_LONG_SIDE} JPEGs ` +
        `(samePersonPictures, enlarged) one request at a time, from another process, once, after another parent ` +
        `uploaded the same photos ${WARMUP_CONCURRENCY} at a time (the warm-up); ${Math.round(upload.wallMs)} ms ` +
        `for the ${UPLOADED_PHOTOS}. The product with its worker in one process (ROLE=all, FACE_DETECTION=on, ` +
        `${upload.tuning}) on PGlite`,
    };
  },
};

/**
 * A verified parent with consent and a child, uploading 10 photos of one person in turn, one
 * request each, as fast as the product answers: the time the whole set takes. Before it, another
 * parent uploads the same photos (each image thread loads the face networks on its first photo,
 * and every photo must be accepted for the figure to mean anything).
 */
async function uploadTenPhotos(): Promise<{ subject: SubjectResult; wallMs: number; tuning: string }> {
  const photoDir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-face-identity-"));
  try {
    // Upright, as a phone is held for a photo of a child. (Cut to landscape, the mirrored photo of
    // the set loses enough of its face that the detector misses it and the upload is refused.)
    log(`${UPLOADED_PHOTOS} photos of one person at ${PHONE_SHORT_SIDE}×${PHONE_LONG_SIDE}`);
    const files = await Promise.all(
      (await samePersonPictures(UPLOADED_PHOTOS)).map(async (picture, index) => {
        const file = path.join(photoDir, `same-person-${index}.jpg`);
        await writeFile(file, await phoneSizedPhoto(picture, { orientation: "upright" }));
        return file;
      }),
    );
    log("starting the product");
    const app = await startFullApp({ worker: true, env: productEnv });
    try {
      const [warmer, measured] = await Promise.all(
        ["Warm", "Upload"].map((firstName) => parentWithChild(app.origin, { firstName, planId: PLAN_ID })),
      );
      if (!warmer || !measured) throw new Error("the parents were not set up");
      const url = `${app.origin}${uploadSinglePhotoPath}`;

      log(`warm-up: another parent uploads the ${UPLOADED_PHOTOS} photos, ${WARMUP_CONCURRENCY} at a time`);
      const warmup = await (
        await prepareUploads({
          url,
          uploaders: [{ headers: warmer.headers, childId: warmer.childId }],
          photoFiles: files,
          concurrency: WARMUP_CONCURRENCY,
        })
      ).go();
      expectAccepted(warmup, "warm-up");

      log(`measuring: ${UPLOADED_PHOTOS} uploads one after the other`);
      const prepared = await prepareUploads({
        url,
        uploaders: [{ headers: measured.headers, childId: measured.childId }],
        photoFiles: files,
        concurrency: 1,
      });
      const uploads = await prepared.go();
      expectAccepted(uploads, "measured uploads");

      const latencies = sortedAscending(uploads.calls.map((call) => call.latencyMs));
      const photosPerSecond = uploads.calls.length / (uploads.wallMs / 1000);
      const bytes = await totalBytes(files);
      return {
        wallMs: uploads.wallMs,
        tuning: describeServerTuning(app.env),
        subject: {
          name: "upload-10-photos",
          description: `${UPLOADED_PHOTOS} single-photo uploads of one child in turn through the product (FACE_DETECTION=on)`,
          requestsPerSecond: photosPerSecond,
          latencyP50Ms: percentile(latencies, 50),
          latencyP99Ms: percentile(latencies, 99),
          requests: uploads.calls.length,
          bytesPerResponse: 0,
          details: {
            totalMs: Math.round(uploads.wallMs),
            photosPerSecond: Number(photosPerSecond.toFixed(2)),
            meanUploadMs: Math.round(uploads.wallMs / uploads.calls.length),
            bytesPerPhotoSent: Math.round(bytes / files.length),
          },
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    await rm(photoDir, { recursive: true, force: true });
  }
}

async function totalBytes(files: string[]): Promise<number> {
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Every upload must be accepted: a refused photo answers early and would flatter the total. */
function expectAccepted(result: UploadsResult, what: string): void {
  const refused = result.calls.filter((call) => call.status !== 200);
  if (result.calls.length !== UPLOADED_PHOTOS || refused.length > 0) {
    throw new Error(
      `${what}: ${result.calls.length} of ${UPLOADED_PHOTOS} uploads answered, ${refused.length} not with 200: ${describeCalls(refused)}`,
    );
  }
}
