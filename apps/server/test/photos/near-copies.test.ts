import { photoErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPhoto } from "../../src/db/schema";
import { DUPLICATE_DISTANCE, hammingDistance } from "../../src/image-work/photos/image-measures";
import { preparePhoto } from "../../src/image-work/photos/process-photo";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import {
  nearCopies,
  SAME_PERSON,
  STRANGER,
  samePersonPictures,
  singleFacePictures,
} from "../support/face-pictures";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { upload, uploadForm } from "../support/photos";

/**
 * Near-copies of a photo already in the set are refused (decision 0055): the same face in the same
 * pose (face hash) AND the same person (descriptor). The real faces are adults from the face
 * detector's samples; there are no photos of children to test with.
 */
let t: TestApp;
let ada: TestParent;
let photo: Buffer;
let copies: Buffer[];
let shots: Buffer[];
let stranger: Buffer;

beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "on" });
  const faces = await singleFacePictures();
  photo = faces[SAME_PERSON] as Buffer;
  stranger = faces[STRANGER] as Buffer;
  copies = await nearCopies(photo);
  shots = await samePersonPictures(12);
});
afterAll(() => t.close());

async function newChild(): Promise<number> {
  ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  await acceptConsent(t.app, ada);
  const added = await postAs(t.app, "/api/children/add", ada, ada.familyId, {
    firstName: "Mia",
    age: 6,
    gender: "girl",
  });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().id;
}

const uploadOne = (childId: number, bytes: Buffer, name = "photo.jpg") =>
  upload(t.app, "/api/image/single-image-upload", ada, ada.familyId, uploadForm(childId, [{ name, bytes }]));

const wholePictureHash = async (bytes: Buffer) =>
  (await preparePhoto(bytes, { maxBytes: 30 * 1024 * 1024 })).perceptualHash;

const photoCount = async (childId: number) =>
  (await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId))).length;

describe("near-copies", () => {
  it("refuses all 13 edits of a photo in the set, with a kind message", async () => {
    const childId = await newChild();
    const first = await uploadOne(childId, photo);
    expect(first.statusCode, first.body).toBe(200);
    const originalHash = await wholePictureHash(photo);
    for (const [index, copy] of copies.entries()) {
      const refused = await uploadOne(childId, copy, `copy-${index}.jpg`);
      expect(refused.statusCode, `copy ${index}: ${refused.body}`).toBe(409);
      // A copy the whole-picture hash already catches (re-lit, for one) is refused by that cheaper
      // check before the face check; every other one by the near-copy rule.
      const caughtWhole = hammingDistance(originalHash, await wholePictureHash(copy)) <= DUPLICATE_DISTANCE;
      if (caughtWhole) {
        expect(refused.json().code, `copy ${index}`).toBe(photoErrorCodes.duplicate);
      } else {
        expect(refused.json(), `copy ${index}`).toEqual({
          code: photoErrorCodes.nearDuplicate,
          message:
            "This looks like the same photo as one you already added — a different moment helps the model more.",
        });
      }
    }
    expect(await photoCount(childId)).toBe(1);
  }, 240_000);

  it("accepts the fixture's twelve different shots of one person, and stores each face's hash", async () => {
    const childId = await newChild();
    for (const [index, shot] of shots.entries()) {
      const response = await uploadOne(childId, shot, `shot-${index}.jpg`);
      expect(response.statusCode, `shot ${index}: ${response.body}`).toBe(200);
    }
    const rows = await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));
    expect(rows.map((row) => row.faceHash)).toEqual(Array(12).fill(expect.stringMatching(/^[0-9a-f]{16}$/)));
  }, 240_000);

  it("lets one of two copies uploaded at the same moment in, and refuses the other", async () => {
    const childId = await newChild();
    const turned = copies[1] as Buffer;
    const answers = await Promise.all([
      uploadOne(childId, photo, "a.jpg"),
      uploadOne(childId, turned, "b.jpg"),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().code).toBe(photoErrorCodes.nearDuplicate);
    expect(await photoCount(childId)).toBe(1);
  });

  it("refuses the second of two copies in one batch", async () => {
    const childId = await newChild();
    const response = await upload(
      t.app,
      "/api/image/upload",
      ada,
      ada.familyId,
      uploadForm(childId, [
        { name: "a.jpg", bytes: photo },
        { name: "b.jpg", bytes: copies[0] as Buffer },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as { status: string; code?: string }[];
    expect(results.map((result) => [result.status, result.code])).toEqual([
      ["accepted", undefined],
      ["rejected", photoErrorCodes.nearDuplicate],
    ]);
  });

  it("accepts a different person in the same framing", async () => {
    const childId = await newChild();
    expect((await uploadOne(childId, photo)).statusCode).toBe(200);
    const other = await uploadOne(childId, stranger, "cousin.jpg");
    // Not a copy; with one photo in the set, who the child is is not settled yet (decision 0028).
    expect(other.statusCode, other.body).toBe(200);
    expect(await photoCount(childId)).toBe(2);
  });
});
