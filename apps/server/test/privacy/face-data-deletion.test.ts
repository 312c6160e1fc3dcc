import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, childPhoto } from "../../src/db/schema";
import { trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { keepAdultLookingPhotos } from "../support/answer-photo-questions";
import { samePersonPictures } from "../support/face-pictures";
import { postAs, type TestParent } from "../support/families";
import { PASSWORD, post } from "../support/identity";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Face descriptors are biometric data: they live only in the database, and go with the photo, the
 * child and the account. Checked by scanning every binary column of every table for the bytes.
 */
let t: TestApp;
let photos: Buffer[];

beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "on" });
  photos = await samePersonPictures(12);
});
afterAll(() => t.close());

/** Every (table, column) of type bytea in the product's schema. */
async function binaryColumns(): Promise<{ table: string; column: string }[]> {
  const result = await t.database.db.execute(
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and data_type = 'bytea'`,
  );
  return (result as unknown as { rows: { table: string; column: string }[] }).rows;
}

/** How many rows of any table hold these exact bytes. */
async function placesHolding(bytes: Buffer): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await binaryColumns()) {
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${bytes}`,
    );
    const [row] = (result as unknown as { rows: { n: number }[] }).rows;
    if ((row?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** Each family gets photos of its own (the same bytes give the same descriptor). */
let nextPhoto = 0;

async function trainedChildWithFaces(firstName: string) {
  const photoBytes = photos.slice(nextPhoto, nextPhoto + 4);
  nextPhoto += 4;
  const fixture = await parentWithChild(t, { firstName, planId: 3, photos: 4, photoBytes });
  await keepAdultLookingPhotos(t.app, fixture.parent, fixture.childId);
  const started = await postAs(
    t.app,
    "/api/children/training/start",
    fixture.parent,
    fixture.parent.familyId,
    {
      childId: fixture.childId,
    },
  );
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  const rows = await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, fixture.childId));
  const [kid] = await t.database.db.select().from(child).where(eq(child.id, fixture.childId));
  const descriptors = rows.map((row) => row.faceDescriptor as Buffer);
  expect(descriptors.every((bytes) => bytes?.length === 512)).toBe(true);
  expect(kid?.referenceDescriptor?.length).toBe(512);
  return { ...fixture, rows, reference: kid?.referenceDescriptor as Buffer, descriptors };
}

async function expectNowhere(bytes: Buffer[]) {
  for (const value of bytes) expect(await placesHolding(value)).toEqual([]);
}

describe("face descriptors are deleted", () => {
  it("with the photo", async () => {
    const { parent, childId, rows } = await trainedChildWithFaces("Iris");
    const [gone, kept] = rows;
    // The scan finds what is there: a photo's descriptor is in its row.
    expect(await placesHolding(kept?.faceDescriptor as Buffer)).toEqual(["child_photo.face_descriptor"]);
    const deleted = await postAs(t.app, "/api/image/deleteUploadedImages", parent, parent.familyId, {
      childId,
      photoIds: [gone?.id],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectNowhere([gone?.faceDescriptor as Buffer]);
  });

  it("with the child, reference face included", async () => {
    const { parent, childId, descriptors, reference } = await trainedChildWithFaces("Juno");
    expect(await placesHolding(reference)).toContain("child.reference_descriptor");
    const deleted = await postAs(t.app, "/api/children/delete", parent, parent.familyId, {
      childId,
      confirmName: "Luna",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectNowhere([...descriptors, reference]);
  });

  it("with the account", async () => {
    const { parent, descriptors, reference } = await trainedChildWithFaces("Kai");
    const deleted = await post(
      t.app,
      "/api/user/delete",
      { confirmEmail: parent.email, password: PASSWORD },
      (parent as TestParent).token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectNowhere([...descriptors, reference]);
  });
});
