import { performance } from "node:perf_hooks";
import { loadEnv } from "@wonderkin/server/env";
import { createTfjsFaceDetector } from "@wonderkin/server/face-detector";
import { renderLocalPortrait } from "@wonderkin/server/image-model";
import { judgeSafety, safetyThresholdsOf } from "@wonderkin/server/judge-safety";
import { preparePhoto, processPhoto } from "@wonderkin/server/photo-processing";
import { makePortraitFiles } from "@wonderkin/server/portrait-files";
import { createNsfwjsSafetyClassifier } from "@wonderkin/server/safety-classifier";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import sharp from "sharp";
import type { Benchmark } from "../harness/benchmark";
import { measureSequential, sequentialConditions } from "../harness/measure-sequential";
import { PHONE_LONG_SIDE, PHONE_SHORT_SIDE, phoneSizedPhoto } from "../harness/phone-photo";
import { log } from "../harness/progress-log";

/** The upload pipeline's size limit (PHOTO_MAX_MEGABYTES' default). */
const MAX_BYTES = 20 * 1024 * 1024;
/** Styles from different categories, so different art is classified (as portrait-rendering draws). */
const STYLE_IDS = [
  "astronaut",
  "fairy",
  "viking",
  "pirate",
  "unicorn",
  "deep-sea-diver",
  "dino-rider",
  "santa",
];
/** The watermark of a plan without "no watermarks": the stored file as most parents get it. */
const WATERMARK = "Wonderkin";
/** The side of the face crops the local model keeps. */
const FACE_SIZE = 512;

type FaceDetector = ReturnType<typeof createTfjsFaceDetector>;
type RgbImage = Parameters<FaceDetector["detect"]>[0];
type Photo = { upload: Buffer; normalised: Buffer; analysis: RgbImage };

/**
 * Each test face the upload pipeline accepts, as a phone's 12 MP JPEG, as the normalised JPEG the
 * product stores (≤ 2048 px) and as the 416-px RGB copy the face check reads.
 */
async function photos(faceDetector: FaceDetector): Promise<Photo[]> {
  const kept: Photo[] = [];
  for (const face of await singleFacePictures()) {
    const upload = await phoneSizedPhoto(face);
    const accepted = await processPhoto(upload, { maxBytes: MAX_BYTES, faceDetector }).then(
      (processed) => processed.faces?.faceCount === 1,
      () => false,
    );
    if (!accepted) continue;
    const { normalised, analysis } = await preparePhoto(upload, { maxBytes: MAX_BYTES });
    kept.push({
      upload,
      normalised,
      analysis: { data: analysis.data, width: analysis.info.width, height: analysis.info.height },
    });
  }
  if (kept.length < 4) throw new Error(`only ${kept.length} of the test faces pass the pipeline; need 4`);
  return kept;
}

/** Stored portraits of the local model (2048×2560 JPEG, watermarked), one per style, the faces in turn. */
async function portraits(): Promise<Buffer[]> {
  const faces = await Promise.all(
    (await singleFacePictures()).map((picture) =>
      sharp(picture).resize(FACE_SIZE, FACE_SIZE, { fit: "cover" }).webp({ quality: 90 }).toBuffer(),
    ),
  );
  const stored: Buffer[] = [];
  for (const [index, styleId] of STYLE_IDS.entries()) {
    const { picture: output } = await renderLocalPortrait({
      face: faces[index % faces.length] as Buffer,
      styleId,
      seed: index + 1,
    });
    stored.push((await makePortraitFiles(output, { watermark: WATERMARK })).full);
  }
  return stored;
}

/**
 * The child-safety screen (decision 0038) against the face check it sits beside: one picture
 * classified by the default network (nsfwjs on TensorFlow.js WebAssembly, in the bench process) —
 * a photo as stored, a photo as uploaded, a stored portrait — against `describe` of the same
 * photos' 416-px copy (what every upload already costs). Every picture must pass the default
 * thresholds: a refusal would be a wrong answer. "requests/s" reads as pictures per second.
 */
export const safetyScreeningBenchmark: Benchmark = {
  name: "safety-screening",
  description: "nsfwjs classification of a photo / a portrait vs the face check's describe, per picture",
  async run(settings) {
    const env = loadEnv({});
    const thresholds = safetyThresholdsOf(env);
    const faceDetector = createTfjsFaceDetector();
    const classifier = createNsfwjsSafetyClassifier({ model: env.SAFETY_MODEL });

    log("the test faces as 12 MP uploads, stored JPEGs and 416-px copies");
    const photoSet = await photos(faceDetector);
    log(`${STYLE_IDS.length} stored local portraits (2048×2560)`);
    const portraitSet = await portraits();

    log(`loading ${env.SAFETY_MODEL}`);
    const loadStart = performance.now();
    await classifier.classify({ bytes: photoSet[0]?.normalised as Buffer });
    const loadMs = performance.now() - loadStart;

    const classify = async (bytes: Buffer, what: string) => {
      const verdict = judgeSafety(await classifier.classify({ bytes }), thresholds);
      if (!verdict.passed) throw new Error(`${what} refused as ${verdict.over.join("+")}: a false positive`);
      return 0;
    };

    const describe = await measureSequential(
      {
        name: "describe",
        description: "detector.describe: detector, 68 landmarks, 128-d descriptor, age on the 416-px copy",
      },
      photoSet,
      settings,
      async (photo) => {
        await faceDetector.describe(photo.analysis);
        return 0;
      },
    );
    const photo = await measureSequential(
      {
        name: "classify-photo",
        description: `classifier.classify (${env.SAFETY_MODEL}) on the stored photo (normalised JPEG, ≤ 2048 px)`,
      },
      photoSet,
      settings,
      (item) => classify(item.normalised, "a stored photo"),
    );
    const upload = await measureSequential(
      {
        name: "classify-upload",
        description: `classifier.classify (${env.SAFETY_MODEL}) on the uploaded ${PHONE_LONG_SIDE}×${PHONE_SHORT_SIDE} JPEG`,
      },
      photoSet,
      settings,
      (item) => classify(item.upload, "an uploaded photo"),
    );
    const portrait = await measureSequential(
      {
        name: "classify-portrait",
        description: `classifier.classify (${env.SAFETY_MODEL}) on a stored local portrait (2048×2560 JPEG, watermarked)`,
      },
      portraitSet,
      settings,
      (bytes) => classify(bytes, "a portrait"),
    );
    photo.details = { modelLoadMs: Math.round(loadMs) };
    return {
      subjects: [describe, photo, upload, portrait],
      comparison: { subject: "classify-photo", baseline: "describe" },
      otherComparisons: [
        { subject: "classify-portrait", baseline: "describe" },
        { subject: "classify-upload", baseline: "describe" },
      ],
      conditions:
        `${photoSet.length} test faces as ${PHONE_LONG_SIDE}×${PHONE_SHORT_SIDE} JPEGs (describe: their 416-px copies; ` +
        `classify-photo: their normalised ≤ 2048 px JPEGs; classify-upload: the 12 MP files), ` +
        `${portraitSet.length} stored local portraits; ${sequentialConditions(settings)}, in the bench process ` +
        `(TensorFlow.js WebAssembly, one thread). ${env.SAFETY_MODEL} loaded in ${Math.round(loadMs)} ms ` +
        `(first picture included, after the face networks)`,
    };
  },
};
