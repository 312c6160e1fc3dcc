import { photoErrorCodes } from "@wonderkin/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createImageWork } from "../../src/image-work/image-work";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { singleFacePictures } from "../support/face-pictures";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { pictureWithoutFace, upload, uploadForm } from "../support/photos";

/**
 * Photo checks as the server runs them: in the image-work thread pool, with the real face detector
 * loaded in the thread. Refusals cross the thread with their code; a duplicate is refused before
 * the expensive face check.
 */
let t: TestApp;
let ada: TestParent;
let childId: number;
let faceChecks = 0;

beforeAll(async () => {
  const pool = createImageWork({ threads: 1 });
  t = await createTestApp(
    { FACE_DETECTION: "on" },
    {
      imageWork: {
        ...pool,
        faceDetector: {
          detect: (rgb) => {
            faceChecks += 1;
            return pool.faceDetector.detect(rgb);
          },
          describe: (rgb) => {
            faceChecks += 1;
            return pool.faceDetector.describe(rgb);
          },
        },
      },
    },
  );
  ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  await acceptConsent(t.app, ada);
  childId = (
    await postAs(t.app, "/api/children/add", ada, ada.familyId, { firstName: "Luna", age: 5, gender: "girl" })
  ).json().id;
});
afterAll(() => t.close());

const single = (bytes: Buffer) =>
  upload(
    t.app,
    "/api/image/single-image-upload",
    ada,
    ada.familyId,
    uploadForm(childId, [{ name: "photo.jpg", bytes }]),
  );

it("checks photos in a thread, refuses with the same codes, and skips the face check for a duplicate", async () => {
  const [face] = await singleFacePictures();
  if (!face) throw new Error("no test face");
  const accepted = await single(face);
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(faceChecks).toBe(1);

  const noFace = await single(await pictureWithoutFace());
  expect(noFace.statusCode).toBe(422);
  expect(noFace.json().code).toBe(photoErrorCodes.noFace);
  expect(faceChecks).toBe(2);

  const again = await single(face);
  expect(again.statusCode).toBe(409);
  expect(again.json().code).toBe(photoErrorCodes.duplicate);
  expect(faceChecks).toBe(2);
});
