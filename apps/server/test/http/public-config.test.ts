import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PHOTOS_MIN_PER_CHILD: "12",
    PHOTOS_MAX_PER_CHILD: "25",
    TRAINING_PHOTO_RETENTION_DAYS: "14",
    SHARE_LINK_DAYS: "3",
    SAFETY_QUARANTINE_DAYS: "5",
    GOOGLE_CLIENT_ID: "id",
    GOOGLE_CLIENT_SECRET: "secret",
  });
});
afterAll(() => t.close());

it("tells the pages this deployment's settings (no secrets), from the same values the server enforces", async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/config" });
  expect(response.json()).toEqual({
    appName: "Wonderkin",
    socialProviders: ["google"],
    photos: { min: 12, max: 25, maxMegabytes: 20 },
    faceDetection: true,
    previews: { portraits: 4, referencePhotos: 4 },
    retention: { trainingPhotosDays: 14, unverifiedAccountDays: 30 },
    samples: {},
    shareLinkDays: 3,
    safety: { screening: true, quarantineDays: 5 },
  });
  expect(response.body).not.toContain("secret");
});
