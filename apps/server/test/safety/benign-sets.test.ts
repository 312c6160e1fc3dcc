import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { styles } from "@wonderkin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { cropFace } from "../../src/image-work/faces/crop-face";
import { createTfjsFaceDetector } from "../../src/image-work/faces/tfjs-face-detector";
import { renderLocalPortrait } from "../../src/image-work/portraits/local-portrait-renderer";
import { makePortraitFiles } from "../../src/image-work/portraits/portrait-files";
import { createNsfwjsSafetyClassifier } from "../../src/image-work/safety/nsfwjs-safety-classifier";
import { type SafetyScores, safetyClasses } from "../../src/image-work/safety/safety-classifier";
import {
  judgeSafety,
  type SafetyThresholds,
  safetyThresholdsOf,
} from "../../src/modules/safety/judge-safety";
import { PREVIEW_WATERMARK, previewStyleIds } from "../../src/modules/studio/previews";
import { groupPicture, samePersonPictures, singleFacePictures } from "../support/face-pictures";

/*
 * The child-safety screen's calibration on what the product really sees (decision 0038): the REAL
 * classifier (the default network, in this process) must pass every benign picture we have — the
 * sample faces, a child's set of one person, a group photo, and every style's portrait as stored
 * and as a preview — at the production default thresholds. A false positive here would refuse a
 * parent's ordinary photo or withhold a paid portrait. The per-class maxima of each set are printed
 * and written to the OS temp folder (wonderkin-safety-maxima.json), to see how close they come.
 */

/** The production defaults: what a server started without configuration screens with. */
const env = loadEnv({});
const thresholds: SafetyThresholds = safetyThresholdsOf(env);
/** A provider's native size (≈ 1 MP at 4:5): the network sees 224 px, so larger adds only time. */
const PORTRAIT_SIZE = { width: 1024, height: 1280 };

type SetName = "faces" | "same-person" | "group" | "portraits" | "previews";
const maxima = new Map<SetName, { scores: SafetyScores; at: Record<string, string>; pictures: number }>();

const classifier = createNsfwjsSafetyClassifier({ model: env.SAFETY_MODEL });

/** Classifies one picture, keeps the set's maxima, and names it when the screen would refuse it. */
async function screen(set: SetName, name: string, bytes: Uint8Array): Promise<string | null> {
  const scores = await classifier.classify({ bytes });
  const kept = maxima.get(set) ?? {
    scores: { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 },
    at: {},
    pictures: 0,
  };
  kept.pictures += 1;
  for (const key of safetyClasses) {
    if (scores[key] >= kept.scores[key]) {
      kept.scores[key] = scores[key];
      kept.at[key] = name;
    }
  }
  maxima.set(set, kept);
  const verdict = judgeSafety(scores, thresholds);
  if (verdict.passed) return null;
  const figures = safetyClasses.map((key) => `${key} ${scores[key].toFixed(3)}`).join(", ");
  return `${set} ${name}: over ${verdict.over.join("+")} (${figures})`;
}

async function screenAll(set: SetName, pictures: Buffer[]): Promise<string[]> {
  const refused: string[] = [];
  for (const [index, picture] of pictures.entries()) {
    const refusal = await screen(set, `#${index}`, picture);
    if (refusal) refused.push(refusal);
  }
  return refused;
}

describe(`the safety screen (${env.SAFETY_MODEL}, default thresholds) on benign pictures`, () => {
  beforeAll(async () => {
    // Loading the network (≈ 13 s here, more on a busy machine) happens once, on the first picture.
    await classifier.classify({ bytes: await groupPicture() });
  }, 180_000);

  afterAll(async () => {
    const report = {
      model: env.SAFETY_MODEL,
      thresholds,
      sets: Object.fromEntries(maxima),
    };
    await writeFile(
      path.join(os.tmpdir(), "wonderkin-safety-maxima.json"),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    const rows = [...maxima].map(
      ([set, { scores, pictures }]) =>
        `${set.padEnd(12)} (${String(pictures).padStart(3)}) ${safetyClasses.map((key) => `${key} ${scores[key].toFixed(3)}`).join("  ")}`,
    );
    console.log(`safety maxima per set, ${env.SAFETY_MODEL}:\n${rows.join("\n")}`);
  });

  it("passes every single-face sample photo", async () => {
    expect(await screenAll("faces", await singleFacePictures())).toEqual([]);
  });

  it("passes a child's set of one person (12 variants)", async () => {
    expect(await screenAll("same-person", await samePersonPictures(12))).toEqual([]);
  });

  it("passes a group photo", async () => {
    expect(await screenAll("group", [await groupPicture()])).toEqual([]);
  });

  it("passes every style's portrait, as stored and as a preview", async () => {
    // The preview styles a new server uses must be among those screened here.
    const previewStyles = previewStyleIds(env, "all");
    expect(previewStyles.length).toBeGreaterThan(0);
    expect(styles.map((style) => style.id)).toEqual(expect.arrayContaining(previewStyles));
    expect(new Set(styles.map((style) => style.id)).size).toBe(styles.length);

    // Each face is cropped once; the styles take the sample faces in turn, so every face is drawn.
    const detector = createTfjsFaceDetector();
    const crops = await Promise.all(
      (await singleFacePictures()).map((face) => cropFace({ bytes: face }, detector)),
    );
    const refused: string[] = [];
    for (const [index, style] of styles.entries()) {
      const { picture: output } = await renderLocalPortrait({
        face: crops[index % crops.length] as Buffer,
        styleId: style.id,
        seed: index + 1,
        size: PORTRAIT_SIZE,
      });
      const stored = await makePortraitFiles(output, { watermark: env.APP_NAME });
      const preview = await makePortraitFiles(output, { watermark: PREVIEW_WATERMARK });
      for (const refusal of [
        await screen("portraits", style.id, stored.full),
        await screen("previews", style.id, preview.full),
      ]) {
        if (refusal) refused.push(refusal);
      }
    }
    expect(maxima.get("portraits")?.pictures).toBe(styles.length);
    expect(refused).toEqual([]);
    // A hang detector, not a speed limit: every style's portrait and preview is rendered and
    // classified (really long work, the more so beside other work on two cores).
  }, 300_000);
});
