import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { type FakeS3, startFakeS3, storageOnFakeS3 } from "../support/fake-s3";
import { postAs, verifiedParent } from "../support/families";
import { testPhoto, upload, uploadForm } from "../support/photos";

let t: TestApp;
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
  const storage = storageOnFakeS3(s3);
  t = await createTestApp({}, { storage });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

it("keeps photos in the bucket without metadata, serves them presigned, and deleting the family empties it", async () => {
  const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  await acceptConsent(t.app, ada);
  await postAs(t.app, "/api/organization/update", ada, ada.familyId, { name: "Bucket family" });
  const childId = (
    await postAs(t.app, "/api/children/add", ada, ada.familyId, { firstName: "Luna", age: 5, gender: "girl" })
  ).json().id;
  const uploaded = await upload(
    t.app,
    "/api/image/single-image-upload",
    ada,
    ada.familyId,
    uploadForm(childId, [{ name: "p.jpg", bytes: await testPhoto({ seed: 3 }) }]),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  expect(s3.objects.size).toBe(2);
  for (const object of s3.objects.values()) {
    expect((await sharp(object.body).metadata()).exif).toBeUndefined();
  }
  const served = await fetch(uploaded.json().photo.url);
  expect(served.status).toBe(200);

  const deleted = await postAs(t.app, "/api/organization/delete", ada, ada.familyId, {
    confirmName: "Bucket family",
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(s3.objects.size).toBe(0);
});
