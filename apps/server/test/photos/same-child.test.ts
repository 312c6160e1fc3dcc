import { photoErrorCodes, studioErrorCodes, type UploadedPhoto } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, childPhoto } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { STRANGER, samePersonPictures, singleFacePictures } from "../support/face-pictures";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { upload, uploadForm } from "../support/photos";

/**
 * The same-child check with real faces (the face detector's sample photos: adults, as there are
 * no photos of children to test with). One person's photos are variants of one sample face;
 * the stranger is another sample face.
 */
let t: TestApp;
let ada: TestParent;
let mia: Buffer[];
let stranger: Buffer;

beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "on" });
  mia = await samePersonPictures(6);
  stranger = (await singleFacePictures())[STRANGER] as Buffer;
});
afterAll(() => t.close());

const call = (path: string, body: unknown) => postAs(t.app, path, ada, ada.familyId, body);

/** A new family (one child per family on every plan) with one child; later calls act as its parent. */
async function newChild(firstName: string, age = 6): Promise<number> {
  ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  await acceptConsent(t.app, ada);
  const added = await call("/api/children/add", { firstName, age, gender: "girl" });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().id;
}

async function uploadOne(childId: number, bytes: Buffer, name = "photo.jpg") {
  return upload(
    t.app,
    "/api/image/single-image-upload",
    ada,
    ada.familyId,
    uploadForm(childId, [{ name, bytes }]),
  );
}

async function photosOf(childId: number): Promise<UploadedPhoto[]> {
  const listed = await call("/api/image/getUploadedImages", { childId });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().photos;
}

describe("photos of one child", () => {
  it("accepts a set of one person and stores a face descriptor with each photo", async () => {
    const childId = await newChild("Mia");
    for (const [index, bytes] of mia.slice(0, 4).entries()) {
      const response = await uploadOne(childId, bytes, `mia-${index}.jpg`);
      expect(response.statusCode, response.body).toBe(200);
    }
    const photos = await photosOf(childId);
    expect(photos.map((photo) => photo.identity)).toEqual(["match", "match", "match", "match"]);
    const rows = await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));
    for (const row of rows) {
      expect(row.faceDescriptor?.length).toBe(512);
      expect(row.estimatedAge).toBeGreaterThan(0);
    }
    expect(new Set(photos.map((photo) => photo.qualityRank))).toEqual(new Set([1, 2, 3, 4]));
  });

  it("refuses a photo of someone else, with the child's name, once two photos agree", async () => {
    const childId = await newChild("Mia");
    expect((await uploadOne(childId, mia[0] as Buffer)).statusCode).toBe(200);
    expect((await uploadOne(childId, mia[1] as Buffer)).statusCode).toBe(200);
    const refused = await uploadOne(childId, stranger, "cousin.jpg");
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: photoErrorCodes.differentPerson,
      message: "This looks like someone other than Mia. Use photos of Mia only.",
    });
    expect(await photosOf(childId)).toHaveLength(2);
  });

  it("refuses the same stranger in a batch upload, file by file", async () => {
    const childId = await newChild("Mia");
    const response = await upload(
      t.app,
      "/api/image/upload",
      ada,
      ada.familyId,
      uploadForm(childId, [
        { name: "a.jpg", bytes: mia[0] as Buffer },
        { name: "b.jpg", bytes: mia[1] as Buffer },
        { name: "cousin.jpg", bytes: stranger },
        { name: "c.jpg", bytes: mia[2] as Buffer },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.map((result: { status: string }) => result.status)).toEqual([
      "accepted",
      "accepted",
      "rejected",
      "accepted",
    ]);
    expect(response.json().results[2].code).toBe(photoErrorCodes.differentPerson);
  });

  it("reports a split set before training and names the photos to remove", async () => {
    // Sixteen: the sample faces are adults, and the adult-looking question is another test's subject.
    const childId = await newChild("Mia", 16);
    // The stranger comes second: with two photos nobody is settled yet, so it is taken.
    expect((await uploadOne(childId, mia[0] as Buffer)).statusCode).toBe(200);
    const strangerUpload = await uploadOne(childId, stranger, "cousin.jpg");
    expect(strangerUpload.statusCode).toBe(200);
    expect(strangerUpload.json().photo.identity).toBe("undecided");
    expect((await uploadOne(childId, mia[1] as Buffer)).statusCode).toBe(200);
    const strangerId = strangerUpload.json().photo.id as string;

    const listed = await photosOf(childId);
    expect(listed.find((photo) => photo.id === strangerId)?.identity).toBe("different");
    expect(listed.filter((photo) => photo.identity === "match")).toHaveLength(2);

    const refused = await call("/api/children/training/start", { childId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: studioErrorCodes.photosOfDifferentPeople,
      details: { photoIds: [strangerId] },
    });
    expect(refused.json().message).toContain("Mia");

    // Removing it and adding one more of Mia lets training start, with Mia's reference face kept.
    expect(
      (await call("/api/image/deleteUploadedImages", { childId, photoIds: [strangerId] })).statusCode,
    ).toBe(200);
    expect((await uploadOne(childId, mia[2] as Buffer)).statusCode).toBe(200);
    const started = await call("/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
    expect(row?.referenceDescriptor?.length).toBe(512);
  });
});

describe("a photo that looks like an adult", () => {
  it("asks the parent (never refuses), and stops asking once the parent keeps it", async () => {
    const childId = await newChild("Mia", 5);
    const response = await uploadOne(childId, mia[0] as Buffer);
    expect(response.statusCode).toBe(200);
    // The sample faces are adults: for a five-year-old, the photo is questioned.
    expect(response.json().photo.looksAdult).toBe(true);
    expect(JSON.stringify(response.json())).not.toMatch(/estimatedAge|"age"/);

    const kept = await call("/api/image/keep", { childId, photoId: response.json().photo.id });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().photo.looksAdult).toBe(false);
    expect((await photosOf(childId))[0]?.looksAdult).toBe(false);

    const unknown = await call("/api/image/keep", { childId, photoId: "not-a-photo" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(photoErrorCodes.photoNotFound);
  });

  it("must be answered before training starts: keep each photo or remove it", async () => {
    const childId = await newChild("Mia", 5);
    const ids: string[] = [];
    for (const bytes of mia.slice(0, 3)) {
      const response = await uploadOne(childId, bytes);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().photo.looksAdult).toBe(true);
      ids.push(response.json().photo.id);
    }
    const start = () => call("/api/children/training/start", { childId });

    const refused = await start();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: studioErrorCodes.adultQuestionsOpen });
    expect(refused.json().message).toContain("Mia");
    expect([...refused.json().details.photoIds].sort()).toEqual([...ids].sort());
    // Nothing started: no training state, nothing queued for the model.
    const [waiting] = await t.database.db.select().from(child).where(eq(child.id, childId));
    expect(waiting?.trainingStatus).toBeNull();

    // Two answered: the third is still named.
    for (const photoId of ids.slice(0, 2)) {
      expect((await call("/api/image/keep", { childId, photoId })).statusCode).toBe(200);
    }
    const stillOpen = await start();
    expect(stillOpen.statusCode).toBe(409);
    expect(stillOpen.json().details.photoIds).toEqual([ids[2]]);

    // Removing it instead answers too; one more photo, kept, makes the set trainable.
    expect((await call("/api/image/deleteUploadedImages", { childId, photoIds: [ids[2]] })).statusCode).toBe(
      200,
    );
    const another = await uploadOne(childId, mia[3] as Buffer);
    expect((await call("/api/image/keep", { childId, photoId: another.json().photo.id })).statusCode).toBe(
      200,
    );
    const started = await start();
    expect(started.statusCode, started.body).toBe(200);
  });

  it("is not asked for a teenager", async () => {
    const childId = await newChild("Sam", 16);
    const response = await uploadOne(childId, mia[0] as Buffer);
    expect(response.json().photo.looksAdult).toBe(false);
  });
});

describe("photo quality", () => {
  it("ranks a blurred photo below the sharp ones and says why", async () => {
    const childId = await newChild("Mia", 16);
    const blurred = await sharp(mia[3] as Buffer)
      .blur(3)
      .jpeg()
      .toBuffer();
    for (const bytes of [blurred, mia[0] as Buffer, mia[1] as Buffer]) {
      expect((await uploadOne(childId, bytes)).statusCode).toBe(200);
    }
    const photos = await photosOf(childId);
    const weak = photos[0];
    expect(weak?.qualityIssues).toContain("blurry");
    expect(weak?.qualityRank).toBe(3);
    expect(photos.slice(1).every((photo) => photo.qualityIssues.length === 0)).toBe(true);
  });
});
