import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  LOCAL_PORTRAIT_HEIGHT,
  LOCAL_PORTRAIT_WIDTH,
  renderLocalPortrait,
} from "@wonderkin/server/image-model";
import { makePortraitFiles } from "@wonderkin/server/portrait-files";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import sharp from "sharp";
import type { Benchmark } from "../harness/benchmark";
import { measureSequential, sequentialConditions } from "../harness/measure-sequential";

/** The side of the face crops the local model keeps (local-image-model.ts). */
const FACE_SIZE = 512;
/** Styles from different categories, so different art (motifs, gradients) is drawn. */
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
/** The watermark of a plan without "no watermarks" (Alchemist): the heavier of the two paths. */
const WATERMARK = "Wonderkin";

type Input = { face: Buffer; styleId: string };

/**
 * The local model's face crops: the test faces (one real face each, with hair and a margin) made
 * square at 512 px and kept as WebP, as training keeps them.
 */
async function faceCrops(): Promise<Buffer[]> {
  const pictures = await singleFacePictures();
  return Promise.all(
    pictures.map((picture) =>
      sharp(picture).resize(FACE_SIZE, FACE_SIZE, { fit: "cover" }).webp({ quality: 90 }).toBuffer(),
    ),
  );
}

/** A well-mixed seed per portrait, different every time, the same sequence every run. */
function seeds(): () => number {
  let counter = 0;
  return () => {
    counter += 1;
    return Math.imul(counter, 0x9e3779b1) >>> 1;
  };
}

/**
 * One portrait the way the local image model makes it and the studio stores it: the style's art
 * drawn, the child's face composed into it (`renderLocalPortrait`), then the stored JPEG with its
 * watermark and the gallery thumbnail (`makePortraitFiles`). Against a bare sharp composite of a
 * 512 px face onto a canvas of the local portrait's size (2048×2560), encoded as JPEG. "requests/s" reads as portraits per second.
 */
export const portraitRenderingBenchmark: Benchmark = {
  name: "portrait-rendering",
  description: "one local-model portrait to its stored files vs a bare sharp composite of the same size",
  async run(settings) {
    const faces = await faceCrops();
    const inputs: Input[] = STYLE_IDS.map((styleId, index) => ({
      face: faces[index % faces.length] as Buffer,
      styleId,
    }));
    const bare = await measureSequential(
      {
        name: "bare",
        description: `sharp: a ${FACE_SIZE} px WebP face composited onto a ${LOCAL_PORTRAIT_WIDTH}×${LOCAL_PORTRAIT_HEIGHT} canvas, encode JPEG`,
      },
      inputs,
      settings,
      async ({ face }) => {
        const output = await sharp({
          create: {
            width: LOCAL_PORTRAIT_WIDTH,
            height: LOCAL_PORTRAIT_HEIGHT,
            channels: 3,
            background: "#6b5bd2",
          },
        })
          .composite([
            {
              input: face,
              left: (LOCAL_PORTRAIT_WIDTH - FACE_SIZE) / 2,
              top: (LOCAL_PORTRAIT_HEIGHT - FACE_SIZE) / 2,
            },
          ])
          .jpeg()
          .toBuffer();
        return output.length;
      },
    );
    const nextSeed = seeds();
    // As in production: drawn art is also kept on disk (DATA_DIR/cache/style-art), past the memory LRU.
    const artCacheDir = mkdtempSync(path.join(os.tmpdir(), "wonderkin-bench-art-"));
    const full = await measureSequential(
      {
        name: "full",
        description: `renderLocalPortrait (${STYLE_IDS.length} styles in turn, a new seed each) + makePortraitFiles with a watermark`,
      },
      inputs,
      settings,
      async ({ face, styleId }) => {
        const { picture: output } = await renderLocalPortrait({
          face,
          styleId,
          seed: nextSeed(),
          artCacheDir,
        });
        const files = await makePortraitFiles(output, { watermark: WATERMARK });
        if (files.width !== LOCAL_PORTRAIT_WIDTH || files.height !== LOCAL_PORTRAIT_HEIGHT) {
          throw new Error(`a ${styleId} portrait came out ${files.width}×${files.height}`);
        }
        // What goes to storage: the stored JPEG and the gallery thumbnail.
        return files.full.length + files.thumbnail.length;
      },
    );
    rmSync(artCacheDir, { recursive: true, force: true });
    return {
      subjects: [bare, full],
      comparison: { subject: "full", baseline: "bare" },
      conditions: sequentialConditions(settings),
    };
  },
};
