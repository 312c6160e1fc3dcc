import type { GeneratedImage } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyPicture, generatedImage } from "../../src/db/schema";
import {
  makePreviewsJob,
  renderPortraitJob,
  renderVideoJob,
  trainChildJob,
} from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { testPhoto, upload, uploadForm } from "../support/photos";
import type { SafetyDouble } from "../support/safety";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Every path that stores a picture goes through the safety screen (decision 0038): with the
 * classifier refusing everything, each one — photos, the family picture, previews, portraits and
 * their free second renders, regenerations — stores nothing a parent could see. Print files and
 * video clips are made only of a portrait that passed (the screen saw its picture first). A new
 * path that skipped the check would leave a file here and fail this test.
 */
let t: TestApp;
let safety: SafetyDouble;
let parent: TestParent;
let childId: number;

beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
  safety = t.safetyDouble as SafetyDouble;
  ({ parent, childId } = await parentWithChild(t, { firstName: "Rae", planId: 3, photos: 0 }));
});
afterAll(() => t.close());

const call = (path: string, body: unknown) => postAs(t.app, path, parent, parent.familyId, body);
const storedKeys = () => t.storage.list(`families/${parent.familyId}/`);
const pictures = (keys: string[]) => keys.filter((key) => !key.includes("/quarantine/"));
const portraitFiles = (keys: string[]) => keys.filter((key) => key.includes("/portraits/"));

async function uploadPhotos(seeds: number[]) {
  const files = await Promise.all(
    seeds.map(async (seed) => ({ name: `${seed}.jpg`, bytes: await testPhoto({ seed }) })),
  );
  const response = await upload(
    t.app,
    "/api/image/upload",
    parent,
    parent.familyId,
    uploadForm(childId, files),
  );
  return response.json().results as { status: string; code?: string }[];
}

async function portraitsOf(kind: "portrait" | "preview") {
  return (
    await t.database.db.select().from(generatedImage).where(eq(generatedImage.childId, childId))
  ).filter((row) => row.kind === kind);
}

describe("with the screen refusing every picture", () => {
  it("stores no photo and no family picture", async () => {
    safety.flagWhen(() => true);
    expect((await uploadPhotos([1, 2, 3])).map((result) => result.code)).toEqual([
      "PHOTO_NOT_SUITABLE",
      "PHOTO_NOT_SUITABLE",
      "PHOTO_NOT_SUITABLE",
    ]);
    const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#8ac" } })
      .png()
      .toBuffer();
    const refused = await call("/api/organization/update", {
      picture: `data:image/png;base64,${picture.toString("base64")}`,
    });
    expect(refused.json()).toMatchObject({ code: "PHOTO_NOT_SUITABLE" });
    expect(await storedKeys()).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(familyPicture)
        .where(eq(familyPicture.organizationId, parent.familyId)),
    ).toEqual([]);
  });

  it("stores no preview", async () => {
    safety.flagWhen(null);
    expect((await uploadPhotos([4, 5, 6])).every((result) => result.status === "accepted")).toBe(true);
    const photos = await storedKeys();
    safety.flagWhen(() => true);
    await workQueued(t, [makePreviewsJob.name, renderPortraitJob.name]);
    const previews = await portraitsOf("preview");
    expect(previews.length).toBeGreaterThan(0);
    expect(
      previews.every((row) => row.status === "failed" && row.safety === "withheld" && !row.storageKey),
    ).toBe(true);
    expect(pictures(await storedKeys())).toEqual(photos);
  });

  it("stores no portrait, no second render and no regeneration; print and video refuse what was withheld", async () => {
    safety.flagWhen(null);
    await call("/api/children/training/start", { childId });
    await workQueued(t, [trainChildJob.name]);
    safety.flagWhen(() => true);
    const before = pictures(await storedKeys());
    const asked = await call("/api/generation/generate", { childId, styleId: "pirate", count: 2 });
    expect(asked.statusCode, asked.body).toBe(200);
    await workQueued(t, [renderPortraitJob.name]);
    await workQueued(t, [renderPortraitJob.name]);
    const withheld = await portraitsOf("portrait");
    expect(withheld.map((row) => [row.status, row.safety, row.likenessRetried])).toEqual([
      ["failed", "withheld", true],
      ["failed", "withheld", true],
    ]);
    for (const path of ["/api/generation/print", "/api/generation/video", "/api/generation/share-link"]) {
      const refused = await call(path, { imageId: withheld[0]?.id });
      expect(["IMAGE_NOT_READY", "PORTRAIT_NOT_SHAREABLE"]).toContain(refused.json().code);
    }
    const again = await call("/api/generation/regenerate", { imageId: withheld[0]?.id });
    expect(again.statusCode, again.body).toBe(200);
    await workQueued(t, [renderPortraitJob.name]);
    await workQueued(t, [renderPortraitJob.name]);
    expect(portraitFiles(pictures(await storedKeys()))).toEqual(portraitFiles(before));
    expect(pictures(await storedKeys())).toEqual(before);
  });
});

describe("with the screen passing", () => {
  it("stores a portrait it saw, and makes print files and clips only of such a portrait", async () => {
    safety.reset();
    const asked = await call("/api/generation/generate", { childId, styleId: "pirate", count: 1 });
    const imageId = (asked.json().images as GeneratedImage[])[0]?.id ?? "";
    await workQueued(t, [renderPortraitJob.name]);
    const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
    expect(row).toMatchObject({ status: "succeeded", safety: "passed" });
    // The picture the screen saw is the one stored (before the plan's watermark and resizing).
    expect(safety.seen.at(-1)).toMatchObject({ verdict: "neutral" });
    const printed = await call("/api/generation/print", { imageId });
    expect(printed.statusCode, printed.body).toBe(200);
    await workQueued(t, [renderVideoJob.name]);
    expect(portraitFiles(await storedKeys())).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${imageId}.jpg`),
        expect.stringContaining(`${imageId}-print-a4.jpg`),
      ]),
    );
  });
});
