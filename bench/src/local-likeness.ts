/**
 * The local model's likeness, measured (issue 30): every style rendered at full size (2048 × 2560)
 * with each test face the upload pipeline accepts, and checked as the product checks a finished
 * portrait (the region where the model drew the face first, then the faces found and described
 * region by region, the closest against the child's photo, LIKENESS_THRESHOLD's default). Seeds walk through the compositions so that every framing is met
 * by every face. The faces are adults' (the face detector's sample photos): there are no photos of
 * children here. Writes bench/results/local-likeness.json; takes ≈ 3 s a portrait on one core.
 *
 *   npm run local-likeness -w @wonderkin/bench [-- faceCount]
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { styles } from "@wonderkin/contract";
import { loadEnv } from "@wonderkin/server/env";
import { createTfjsFaceDetector } from "@wonderkin/server/face-detector";
import { faceDistance } from "@wonderkin/server/face-identity";
import { LOCAL_PORTRAIT_HEIGHT, LOCAL_PORTRAIT_WIDTH } from "@wonderkin/server/image-model";
import { describePortraitFaces } from "@wonderkin/server/portrait-faces";
import { drawnPortrait, sampleFaceDescriptor } from "@wonderkin/server/test-fixtures/face-pictures";
import { acceptedFacePictures } from "./harness/accepted-faces";
import { log } from "./harness/progress-log";

const faceLimit = Number(process.argv[2] ?? Number.POSITIVE_INFINITY);
const { LIKENESS_THRESHOLD } = loadEnv({});
const detector = createTfjsFaceDetector();

/** The test faces a parent could upload (one face the pipeline finds), with the descriptor of each. */
async function acceptedFaces(): Promise<{ index: number; picture: Buffer; descriptor: number[] }[]> {
  const accepted = [];
  for (const { index, picture } of await acceptedFacePictures(detector)) {
    accepted.push({ index, picture, descriptor: await sampleFaceDescriptor(picture, detector) });
  }
  return accepted.slice(0, faceLimit);
}

const faces = await acceptedFaces();
log(
  `${faces.length} accepted test faces × ${styles.length} styles at ${LOCAL_PORTRAIT_WIDTH}×${LOCAL_PORTRAIT_HEIGHT}`,
);
const started = performance.now();
const failures: string[] = [];
const perFace: Record<string, { passed: number; of: number; worstDistance: number }> = {};
for (const [faceNumber, face] of faces.entries()) {
  const tally = { passed: 0, of: 0, worstDistance: 0 };
  for (const [index, style] of styles.entries()) {
    const seed = index + faceNumber * 7;
    const portrait = await drawnPortrait(face.picture, {
      styleId: style.id,
      seed,
      size: { width: LOCAL_PORTRAIT_WIDTH, height: LOCAL_PORTRAIT_HEIGHT },
    });
    // As the product's check looks: first where the model drew the face, and it stops once a face
    // like the child's is found.
    const found = await describePortraitFaces(portrait.picture, detector, {
      descriptor: face.descriptor,
      within: LIKENESS_THRESHOLD,
      at: portrait.face,
    });
    const distance =
      found.length > 0 ? Math.min(...found.map((f) => faceDistance(face.descriptor, f.descriptor))) : null;
    tally.of++;
    if (distance !== null && distance <= LIKENESS_THRESHOLD) tally.passed++;
    else {
      failures.push(`face ${face.index} ${style.id} seed ${seed}: ${distance?.toFixed(3) ?? "no face"}`);
      log(`  not like: ${failures.at(-1)}`);
    }
    tally.worstDistance = Math.max(tally.worstDistance, distance ?? 1);
  }
  perFace[`face ${face.index}`] = { ...tally, worstDistance: Math.round(tally.worstDistance * 1000) / 1000 };
  log(
    `face ${face.index}: ${tally.passed}/${tally.of} like the child, worst distance ${tally.worstDistance.toFixed(3)}`,
  );
}
const portraits = faces.length * styles.length;
const result = {
  benchmark: "local-likeness",
  date: new Date().toISOString(),
  machine: { node: process.version, cores: os.availableParallelism(), loadAverageBefore: os.loadavg()[0] },
  conditions: `${faces.length} accepted test faces (adults) × ${styles.length} styles, ${LOCAL_PORTRAIT_WIDTH}×${LOCAL_PORTRAIT_HEIGHT}, LIKENESS_THRESHOLD ${LIKENESS_THRESHOLD}, seeds style index + 7 × face number`,
  portraits,
  passed: portraits - failures.length,
  perFace,
  failures,
  secondsPerPortrait: Math.round((performance.now() - started) / portraits) / 1000,
};
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "results", "local-likeness.json");
await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`${result.passed}/${portraits} like the child; written to ${out}`);
if (failures.length > 0) console.log(failures.join("\n"));
