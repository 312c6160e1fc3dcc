import { childErrorCodes, familyErrorCodes, photoErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPhoto } from "../../src/db/schema";
import { signPath } from "../../src/lib/signed-url";
import { familyStoragePrefix } from "../../src/modules/storage-layout/family-storage-prefix";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { inviteAndJoin, postAs, type TestParent, verifiedParent } from "../support/families";
import {
  decompressionBomb,
  heicHeader,
  pictureWithoutFace,
  testPhoto,
  upload,
  uploadForm,
} from "../support/photos";

let t: TestApp;
let ada: TestParent;
let childId: number;

beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", PHOTOS_MAX_PER_CHILD: "6", PHOTO_MAX_MEGABYTES: "2" });
  ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  await acceptConsent(t.app, ada);
  childId = (
    await postAs(t.app, "/api/children/add", ada, ada.familyId, { firstName: "Luna", age: 5, gender: "girl" })
  ).json().id;
});
afterAll(() => t.close());

const single = (bytes: Buffer, name = "photo.jpg", type?: string) =>
  upload(
    t.app,
    "/api/image/single-image-upload",
    ada,
    ada.familyId,
    uploadForm(childId, [{ name, bytes, type }]),
  );

async function storedState() {
  const keys = await t.storage.list(familyStoragePrefix(ada.familyId));
  const rows = await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));
  return { keys: keys.sort(), rows };
}

describe("uploading a photo", () => {
  it("stores an oriented, metadata-free JPEG and a thumbnail, served only through signed addresses", async () => {
    const original = await testPhoto({ seed: 1, orientation: 6 });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await single(original, "IMG_0001.jpg");
    expect(response.statusCode, response.body).toBe(200);
    const { photo, photoCount, limits } = response.json();
    expect(photoCount).toBe(1);
    expect(limits).toEqual({ min: 3, max: 6, maxMegabytes: 2 });
    // Orientation 6 = turned a quarter: the stored photo is upright, so its sides are swapped.
    const source = await sharp(original).metadata();
    expect(photo).toMatchObject({ width: source.height, height: source.width, originalName: "IMG_0001.jpg" });

    for (const url of [photo.url, photo.thumbnailUrl]) {
      const served = await t.app.inject({ method: "GET", url });
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect((await t.app.inject({ method: "GET", url: url.split("?")[0] })).statusCode).toBe(404);
    }

    // Every stored file, read straight from storage, is free of metadata too (no GPS anywhere).
    const { keys } = await storedState();
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      const bytes = (await t.storage.get(key)) as Buffer;
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("Secret Phone"))).toBe(false);
      expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
    }
  });

  it("refuses every bad file with its reason and leaves nothing behind", async () => {
    const before = await storedState();
    const truncated = (await testPhoto({ seed: 40 })).subarray(0, 20_000);
    const noise = await sharp(
      Buffer.alloc(1600 * 1200 * 3, 0).map((_, i) => (i * 7919) % 251),
      {
        raw: { width: 1600, height: 1200, channels: 3 },
      },
    )
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const cases: [string, Buffer, string, string][] = [
      [
        "not-a-photo.jpg",
        Buffer.from("<html><script>alert(1)</script></html>"),
        photoErrorCodes.unsupportedType,
        "JPEG, PNG, WebP or AVIF",
      ],
      ["IMG_0002.HEIC", heicHeader(), photoErrorCodes.heic, "Most Compatible"],
      ["cut-off.jpg", truncated, photoErrorCodes.unreadable, "damaged"],
      ["bomb.png", decompressionBomb(), photoErrorCodes.tooManyPixels, "too large in pixels"],
      ["huge.jpg", noise, photoErrorCodes.tooLarge, "larger than 2 MB"],
      [
        "tiny.jpg",
        await testPhoto({ seed: 41, width: 500, height: 400 }),
        photoErrorCodes.tooSmall,
        "512 pixels",
      ],
      [
        "again.jpg",
        await testPhoto({ seed: 1, orientation: 6 }),
        photoErrorCodes.duplicate,
        "already uploaded",
      ],
      ["drawing.jpg", await pictureWithoutFace(), photoErrorCodes.noFace, "couldn't see a face"],
    ];
    for (const [name, bytes, code, words] of cases) {
      const response = await single(bytes, name);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.json().code, name).toBe(code);
      expect(response.json().message, name).toContain(words);
    }
    expect(await storedState()).toEqual(before);
  });

  it("accepts PNG, WebP and AVIF, flags a blurry photo, and gives each file of a batch its own verdict", async () => {
    const response = await upload(
      t.app,
      "/api/image/upload",
      ada,
      ada.familyId,
      uploadForm(childId, [
        { name: "a.png", bytes: await testPhoto({ seed: 2, format: "png" }), type: "image/png" },
        { name: "b.webp", bytes: await testPhoto({ seed: 3, format: "webp" }), type: "image/webp" },
        { name: "c.avif", bytes: await testPhoto({ seed: 4, format: "avif" }), type: "image/avif" },
        { name: "soft.jpg", bytes: await testPhoto({ seed: 8, blur: 2.5 }) },
        { name: "text.jpg", bytes: Buffer.from("hello") },
        { name: "same-again.png", bytes: await testPhoto({ seed: 2, format: "png" }), type: "image/png" },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { results, photoCount } = response.json();
    expect(
      results.map((result: { status: string; code?: string }) => result.code ?? result.status),
      JSON.stringify(results.map((r: { message?: string }) => r.message)),
    ).toEqual([
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      photoErrorCodes.unsupportedType,
      photoErrorCodes.duplicate,
    ]);
    expect(results[3].photo.blurry).toBe(true);
    expect(results[0].photo.blurry).toBe(false);
    expect(photoCount).toBe(5);
    expect((await storedState()).keys).toHaveLength(10);
  });

  it("stops at the maximum number of photos", async () => {
    expect((await single(await testPhoto({ seed: 6 }))).statusCode).toBe(200);
    const over = await single(await testPhoto({ seed: 7 }));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: photoErrorCodes.limitReached,
      message: expect.stringContaining("(6)"),
    });
  });

  it("lists and deletes photos, files included", async () => {
    const listed = await postAs(t.app, "/api/image/getUploadedImages", ada, ada.familyId, { childId });
    const { photos } = listed.json();
    expect(photos).toHaveLength(6);
    const deleted = await postAs(t.app, "/api/image/deleteUploadedImages", ada, ada.familyId, {
      childId,
      photoIds: [photos[0].id, photos[1].id],
    });
    expect(deleted.json()).toEqual({ deleted: 2, photoCount: 4 });
    expect((await storedState()).keys).toHaveLength(8);
    expect((await t.app.inject({ method: "GET", url: photos[0].url })).statusCode).toBe(404);
  });

  it("never shows, serves or deletes another family's photos", async () => {
    const bea: TestParent = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    await acceptConsent(t.app, bea);
    const beaChild = (
      await postAs(t.app, "/api/children/add", bea, bea.familyId, { firstName: "Max", age: 3, gender: "boy" })
    ).json().id;
    const adaPhotos = (
      await postAs(t.app, "/api/image/getUploadedImages", ada, ada.familyId, { childId })
    ).json().photos;

    const foreignChild = await postAs(t.app, "/api/image/getUploadedImages", bea, bea.familyId, { childId });
    expect(foreignChild.statusCode).toBe(404);
    expect(foreignChild.json().code).toBe(childErrorCodes.childNotFound);
    const foreignHeader = await postAs(t.app, "/api/image/getUploadedImages", bea, ada.familyId, { childId });
    expect(foreignHeader.json().code).toBe(familyErrorCodes.notAFamilyMember);
    const sneakyDelete = await postAs(t.app, "/api/image/deleteUploadedImages", bea, bea.familyId, {
      childId: beaChild,
      photoIds: adaPhotos.map((photo: { id: string }) => photo.id),
    });
    expect(sneakyDelete.json()).toEqual({ deleted: 0, photoCount: 0 });
    const sneakyUpload = await upload(
      t.app,
      "/api/image/single-image-upload",
      bea,
      bea.familyId,
      uploadForm(childId, [{ name: "x.jpg", bytes: await testPhoto({ seed: 50 }) }]),
    );
    expect(sneakyUpload.statusCode).toBe(404);
    expect((await storedState()).rows).toHaveLength(4);
  });

  it("stops serving a signed address once it has expired", async () => {
    const [photo] = (
      await postAs(t.app, "/api/image/getUploadedImages", ada, ada.familyId, { childId })
    ).json().photos;
    const path = photo.url.split("?")[0];
    const expired = signPath(t.env.AUTH_SECRET ?? "", path, Date.now() - 3 * 86_400_000);
    expect((await t.app.inject({ method: "GET", url: expired })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: photo.url })).statusCode).toBe(200);
  });

  it("needs consent, and the right role", async () => {
    const mia = await verifiedParent(t.app, t.database.db, { firstName: "Mia" });
    await inviteAndJoin(t.app, t.database.db, {
      by: ada,
      familyId: ada.familyId,
      invitee: mia,
      role: "member",
    });
    const asMember = await upload(
      t.app,
      "/api/image/single-image-upload",
      mia,
      ada.familyId,
      uploadForm(childId, [{ name: "m.jpg", bytes: await testPhoto({ seed: 60 }) }]),
    );
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe(familyErrorCodes.roleNotAllowed);

    const adam = await verifiedParent(t.app, t.database.db, { firstName: "Adam" });
    await inviteAndJoin(t.app, t.database.db, {
      by: ada,
      familyId: ada.familyId,
      invitee: adam,
      role: "admin",
    });
    const noConsent = await upload(
      t.app,
      "/api/image/single-image-upload",
      adam,
      ada.familyId,
      uploadForm(childId, [{ name: "n.jpg", bytes: await testPhoto({ seed: 61 }) }]),
    );
    expect(noConsent.statusCode).toBe(403);
    expect(noConsent.json().code).toBe("CONSENT_REQUIRED");
  });
});

describe("multipart limits", () => {
  it("answers too many files with a photo-specific code and message, storing nothing of the extra", async () => {
    const files = Array.from({ length: 7 }, (_, index) => ({
      name: `junk-${index}.jpg`,
      bytes: Buffer.from("x"),
    }));
    const response = await upload(t.app, "/api/image/upload", ada, ada.familyId, uploadForm(childId, files));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: photoErrorCodes.tooManyFiles,
      message: "Upload at most 6 photos at a time.",
    });
  });

  it("keeps none of a batch refused as a whole, even its good photos", async () => {
    // A parent of their own, so the child starts with no photos at all.
    const eve = await verifiedParent(t.app, t.database.db, { firstName: "Eve" });
    await acceptConsent(t.app, eve);
    const theo = (
      await postAs(t.app, "/api/children/add", eve, eve.familyId, {
        firstName: "Theo",
        age: 4,
        gender: "boy",
      })
    ).json().id;
    const photos = await Promise.all(
      Array.from({ length: 7 }, async (_, index) => ({
        name: `good-${index}.jpg`,
        bytes: await testPhoto({ seed: 80 + index }),
      })),
    );
    const refused = await upload(t.app, "/api/image/upload", eve, eve.familyId, uploadForm(theo, photos));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe(photoErrorCodes.tooManyFiles);
    expect(await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, theo))).toEqual([]);
    expect(await t.storage.list(familyStoragePrefix(eve.familyId))).toEqual([]);

    // The same photos, one fewer, are taken.
    const taken = await upload(
      t.app,
      "/api/image/upload",
      eve,
      eve.familyId,
      uploadForm(theo, photos.slice(1)),
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().photoCount).toBeGreaterThan(0);
  });

  it("answers too many fields with its own code", async () => {
    const form = uploadForm(childId, [{ name: "a.jpg", bytes: Buffer.from("x") }]);
    for (let index = 0; index < 6; index++) form.append(`extra${index}`, "1");
    const response = await upload(t.app, "/api/image/upload", ada, ada.familyId, form);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(photoErrorCodes.tooManyFields);
  });
});
