import { randomUUID } from "node:crypto";
import { type GeneratedImage, portraitDownloadUrl, portraitPictureUrl } from "@wonderkin/contract";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generatedImage } from "../../src/db/schema";
import { portraitKeys } from "../../src/modules/studio/portrait-record";
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

it("answers a portrait's one address in each size by sending the browser on to the bucket", async () => {
  const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
  await acceptConsent(t.app, bea);
  const childId = (
    await postAs(t.app, "/api/children/add", bea, bea.familyId, { firstName: "Nia", age: 4, gender: "girl" })
  ).json().id as number;
  // A finished portrait as the renderer leaves it: its row, its picture and thumbnail in the bucket.
  const id = randomUUID();
  const keys = portraitKeys(bea.familyId, childId, id);
  await t.storage.put(keys.storageKey, Buffer.from("full picture"), "image/jpeg");
  await t.storage.put(keys.thumbnailKey, Buffer.from("thumbnail"), "image/webp");
  await t.database.db.insert(generatedImage).values({
    id,
    childId,
    organizationId: bea.familyId,
    styleId: "astronaut",
    prompt: "a portrait",
    seed: 1,
    status: "succeeded",
    storageKey: keys.storageKey,
    thumbnailKey: keys.thumbnailKey,
    width: 1024,
    height: 1280,
    creditReference: `fixture:${id}`,
    creditCost: 1,
    watermarked: false,
  });
  const gallery = await postAs(t.app, "/api/children/generated-images", bea, bea.familyId, { childId });
  expect(gallery.statusCode, gallery.body).toBe(200);
  const [image] = gallery.json().images as GeneratedImage[];
  const address = image?.url ?? "";
  // The server's own address, not the bucket's: one signature answers every size.
  expect(address).toMatch(/^\/api\/media\/families\/.+\.jpg\?expires=\d+&signature=/);

  const sizes = [
    { url: portraitPictureUrl(address, "thumbnail"), body: "thumbnail", disposition: null },
    { url: address, body: "full picture", disposition: null },
    {
      url: portraitDownloadUrl(image ?? { id, styleId: "astronaut", url: null }) ?? "",
      body: "full picture",
      disposition: /^attachment; filename="astronaut-/,
    },
  ];
  for (const size of sizes) {
    const sent = await t.app.inject({ method: "GET", url: size.url });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const bucketAddress = String(sent.headers.location);
    expect(bucketAddress.startsWith(s3.endpoint)).toBe(true);
    expect(bucketAddress).toContain("X-Amz-Signature=");
    const served = await fetch(bucketAddress);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(size.body);
    if (size.disposition)
      expect(new URL(bucketAddress).searchParams.get("response-content-disposition")).toMatch(
        size.disposition,
      );
  }
  const forged = await t.app.inject({
    method: "GET",
    url: address.replace(/signature=[^&]+/, "signature=x"),
  });
  expect(forged.statusCode).toBe(404);
});
