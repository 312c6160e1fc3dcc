import { photoErrorCodes, yearlyUpdateErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, childPhoto, childYearlyUpdate } from "../../src/db/schema";
import { bytesToDescriptor, descriptorToBytes } from "../../src/modules/photos/face-identity";
import { purgeTrainingPhotos } from "../../src/modules/privacy/retention";
import { trainChildJob, yearlyUpdateJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { keepAdultLookingPhotos } from "../support/answer-photo-questions";
import { acceptConsent } from "../support/children";
import { STRANGER, samePersonPictures, singleFacePictures } from "../support/face-pictures";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { upload, uploadForm } from "../support/photos";
import { buyPlan, workQueued } from "../support/studio";

/**
 * The yearly update's face checks (decision 0069), with real faces: the face detector's sample
 * photos (adults: there are no photos of children to test with, so a year of growing up is not
 * measured here). Mia's photos are variants of one sample face; the stranger is another.
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

const DAY = 86_400_000;
const call = (path: string, body: unknown) => postAs(t.app, path, ada, ada.familyId, body);

async function uploadOne(childId: number, bytes: Buffer, name: string) {
  return upload(
    t.app,
    "/api/image/single-image-upload",
    ada,
    ada.familyId,
    uploadForm(childId, [{ name, bytes }]),
  );
}

async function childRow(childId: number) {
  const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
  if (!row) throw new Error(`No child ${childId}`);
  return row;
}

describe("this year's photos of a trained child", () => {
  it("must show the child the model knows, and update the reference face once trained", async () => {
    ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    await acceptConsent(t.app, ada);
    await buyPlan(t, ada, 1);
    const added = await call("/api/children/add", { firstName: "Mia", age: 6, gender: "girl" });
    expect(added.statusCode, added.body).toBe(200);
    const childId: number = added.json().id;
    for (const [index, bytes] of mia.slice(0, 3).entries()) {
      expect((await uploadOne(childId, bytes, `mia-${index}.jpg`)).statusCode).toBe(200);
    }
    await keepAdultLookingPhotos(t.app, ada, childId);
    expect((await call("/api/children/training/start", { childId })).statusCode).toBe(200);
    await workQueued(t, [trainChildJob.name]);
    const trained = await childRow(childId);
    expect(trained.trainingStatus).toBe("completed");
    const firstReference = trained.referenceDescriptor as Uint8Array;
    expect(firstReference).toHaveLength(512);

    // A year on: last year's photos are gone with the retention period.
    const yearAgo = new Date(Date.now() - 365 * DAY);
    await t.database.db.update(child).set({ trainingCompletedAt: yearAgo }).where(eq(child.id, childId));
    await t.database.db
      .update(childPhoto)
      .set({ createdAt: new Date(yearAgo.getTime() - 60_000) })
      .where(eq(childPhoto.childId, childId));
    await purgeTrainingPhotos(t.privacy, new Date());
    expect(await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId))).toEqual([]);

    // The set is empty, yet its first photo is checked: against the face the model was trained on.
    const refused = await uploadOne(childId, stranger, "cousin.jpg");
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: photoErrorCodes.differentPerson });
    expect(refused.json().message).toContain("Mia");
    for (const [index, bytes] of mia.slice(3, 6).entries()) {
      const taken = await uploadOne(childId, bytes, `mia-this-year-${index}.jpg`);
      expect(taken.statusCode, taken.body).toBe(200);
    }
    await keepAdultLookingPhotos(t.app, ada, childId);

    // Were the model's face someone else's, the update would not start (the photos are checked
    // as a set too, where uploads compare one photo at a time): here, the reference turned around.
    const elsewhere = descriptorToBytes(bytesToDescriptor(firstReference).map((value) => -value));
    await t.database.db.update(child).set({ referenceDescriptor: elsewhere }).where(eq(child.id, childId));
    const notSame = await call("/api/children/yearly-update/start", { childId });
    expect(notSame.statusCode).toBe(409);
    expect(notSame.json()).toMatchObject({ code: yearlyUpdateErrorCodes.notSameChild });
    expect(notSame.json().message).toContain("Mia");
    await t.database.db
      .update(child)
      .set({ referenceDescriptor: Buffer.from(firstReference) })
      .where(eq(child.id, childId));

    const started = await call("/api/children/yearly-update/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    const [running] = await t.database.db
      .select()
      .from(childYearlyUpdate)
      .where(eq(childYearlyUpdate.childId, childId));
    expect(running?.referenceDescriptor).toHaveLength(512);
    await workQueued(t, [yearlyUpdateJob.name]);

    // This year's reference face is one of this year's photos' faces; the update keeps none.
    const updated = await childRow(childId);
    const thisYear = await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));
    const faces = thisYear.map((photo) => Buffer.from(photo.faceDescriptor as Uint8Array).toString("hex"));
    expect(faces).toContain(Buffer.from(updated.referenceDescriptor as Uint8Array).toString("hex"));
    expect(Buffer.from(updated.referenceDescriptor as Uint8Array).equals(Buffer.from(firstReference))).toBe(
      false,
    );
    const [finished] = await t.database.db
      .select()
      .from(childYearlyUpdate)
      .where(eq(childYearlyUpdate.childId, childId));
    expect(finished).toMatchObject({ status: "completed", referenceDescriptor: null });
  });
});
