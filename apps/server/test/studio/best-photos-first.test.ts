import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { UploadedPhoto } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPhoto } from "../../src/db/schema";
import { createImageWork } from "../../src/image-work/image-work";
import { trainChildJob } from "../../src/modules/studio/studio-job-specs";
import type { ImageModel } from "../../src/providers/image-model/image-model";
import { createLocalImageModel } from "../../src/providers/image-model/local-image-model";
import { createLocalStorage } from "../../src/providers/storage/local-storage";
import type { Storage } from "../../src/providers/storage/storage";
import { createTestApp, type TestApp } from "../create-test-app";
import { keepAdultLookingPhotos } from "../support/answer-photo-questions";
import { samePersonPictures } from "../support/face-pictures";
import { postAs } from "../support/families";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Training hands the photos over best first (the quality ranking), and the local model draws its
 * portraits from the best three rather than cycling through every upload.
 */
describe("training hands the photos over best first", () => {
  let t: TestApp;
  const handedOver: Buffer[][] = [];
  // A provider that only records what training gives it.
  const recorder: ImageModel = {
    name: "local",
    async startTraining(input) {
      handedOver.push(input.photos.map((photo) => Buffer.from(photo.bytes)));
      return { trainingId: "recorded" };
    },
    getTraining: async () => ({ status: "running", progress: 0, modelVersion: null, error: null }),
    startPrediction: () => Promise.reject(new Error("not used")),
    startPreview: () => Promise.reject(new Error("not used")),
    getPrediction: () => Promise.reject(new Error("not used")),
    deleteModel: async () => "deleted",
    predictionRetention: "nothing kept",
    cancelTraining: async () => {},
  };

  beforeAll(async () => {
    t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "on" }, { imageModel: recorder });
  });
  afterAll(() => t.close());

  it("in the order the upload page ranks them, the blurred photo last", async () => {
    const [first, second, third] = await samePersonPictures(3);
    // Uploaded first, ranked last.
    const blurred = await sharp(first as Buffer)
      .blur(3)
      .jpeg()
      .toBuffer();
    const { parent, childId } = await parentWithChild(t, {
      firstName: "Bea",
      planId: 3,
      photos: 3,
      photoBytes: [blurred, second as Buffer, third as Buffer],
    });
    const listed = await postAs(t.app, "/api/image/getUploadedImages", parent, parent.familyId, { childId });
    const ranked = (listed.json().photos as UploadedPhoto[]).sort((a, b) => a.qualityRank - b.qualityRank);
    expect(ranked.at(-1)?.qualityIssues).toContain("blurry");

    await keepAdultLookingPhotos(t.app, parent, childId);
    const started = await postAs(t.app, "/api/children/training/start", parent, parent.familyId, { childId });
    expect(started.statusCode, started.body).toBe(200);
    await workQueued(t, [trainChildJob.name]);

    const rows = await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));
    const storedFile = async (photoId: string) => {
      const row = rows.find((candidate) => candidate.id === photoId);
      return t.storage.get(row?.storageKey ?? "");
    };
    const expected = await Promise.all(ranked.map((photo) => storedFile(photo.id)));
    expect(handedOver).toHaveLength(1);
    expect(handedOver[0]).toEqual(expected);
  });
});

describe("the local model's portraits", () => {
  let root: string;
  let storage: Storage;
  const read: string[] = [];

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "wonderkin-best-faces-"));
    const local = createLocalStorage({ root, secret: "a-test-secret-that-is-long-enough" });
    storage = {
      ...local,
      get: (key) => {
        read.push(key);
        return local.get(key);
      },
    };
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("draw on the best three photos it was given, whatever the seed", async () => {
    const imageWork = createImageWork({ threads: 0 });
    const model = createLocalImageModel({
      storage,
      imageWork,
      detectFaces: false,
      minTrainingMs: 0,
      artCacheDir: null,
    });
    const photos = (await samePersonPictures(5)).map((bytes) => ({ bytes }));
    const { trainingId } = await model.startTraining({
      childId: 1,
      triggerWord: "tok",
      photos,
      webhookUrl: null,
    });
    const faces = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      read.length = 0;
      const { predictionId } = await model.startPrediction({
        modelVersion: trainingId,
        prompt: "a portrait",
        seed,
        styleId: "astronaut",
        gender: "girl",
        webhookUrl: null,
      });
      expect((await model.getPrediction(predictionId)).status).toBe("succeeded");
      for (const key of read) if (key.includes("/face-")) faces.add(path.basename(key));
    }
    expect([...faces].sort()).toEqual(["face-0.webp", "face-1.webp", "face-2.webp"]);
    await imageWork.close();
  });

  it("find the best faces' landmarks once, at training, and draw the child's gender", async () => {
    const imageWork = createImageWork({ threads: 0 });
    const looked: number[] = [];
    const rendered: Parameters<typeof imageWork.renderLocalPortrait>[0][] = [];
    const model = createLocalImageModel({
      storage,
      imageWork: {
        cropFace: imageWork.cropFace,
        faceCropLandmarks: async (input) => {
          looked.push(input.face.byteLength);
          return imageWork.faceCropLandmarks(input);
        },
        renderLocalPortrait: async (input) => {
          rendered.push(input);
          return imageWork.renderLocalPortrait(input);
        },
      },
      detectFaces: true,
      minTrainingMs: 0,
      artCacheDir: null,
    });
    const photos = (await samePersonPictures(4)).map((bytes) => ({ bytes }));
    const { trainingId } = await model.startTraining({
      childId: 1,
      triggerWord: "tok",
      photos,
      webhookUrl: null,
    });
    // The best three only: the fourth is never drawn.
    expect(looked).toHaveLength(3);
    for (const seed of [3, 4]) {
      const { predictionId } = await model.startPrediction({
        modelVersion: trainingId,
        prompt: "a portrait",
        seed,
        styleId: "viking",
        gender: "boy",
        webhookUrl: null,
      });
      expect((await model.getPrediction(predictionId)).status).toBe("succeeded");
    }
    // Seed 3 draws the best face, seed 4 the second: each with what training found for it (68
    // points, or null where it found no face in the crop), and nobody looks again.
    const manifest = JSON.parse(String(await storage.get(`image-models/${trainingId}/manifest.json`)));
    expect(manifest.landmarks[0]).toHaveLength(68);
    expect(rendered).toMatchObject([
      { styleId: "viking", seed: 3, presentation: "boy", landmarks: manifest.landmarks[0] },
      { styleId: "viking", seed: 4, presentation: "boy", landmarks: manifest.landmarks[1] },
    ]);
    expect(looked).toHaveLength(3);
    await imageWork.close();
  });
});
