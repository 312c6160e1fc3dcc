import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DeletionReceipt,
  RECEIPT_BEGIN,
  RECEIPT_END,
  verifyDeletionReceipt,
} from "../../src/modules/privacy/deletion-receipt";
import { buildDataExportJob } from "../../src/modules/privacy/privacy-job-specs";
import { deleteModelJob, renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import {
  type FakeReplicate,
  injectWebhooksInto,
  replicateEnvFor,
  startFakeReplicate,
} from "../support/fake-replicate";
import { type FakeS3, startFakeS3, storageOnFakeS3 } from "../support/fake-s3";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { latestMail, post } from "../support/identity";
import { addChildWithPhotos, childNeedles, childRow, literalNeedles, scanTables } from "../support/privacy";
import { buyPlan, workQueued } from "../support/studio";

/**
 * The same deletions with the real adapters: Replicate (its local fake, which answers 409 while a
 * version's deletion is processed) and S3 (its local fake). Proof: the bucket's objects, the fake's
 * models and DELETE requests, and every table.
 */
let t: TestApp;
let fake: FakeReplicate;
let s3: FakeS3;

beforeAll(async () => {
  fake = await startFakeReplicate();
  s3 = await startFakeS3();
  const storage = storageOnFakeS3(s3);
  t = await createTestApp(
    {
      PHOTOS_MIN_PER_CHILD: "3",
      FACE_DETECTION: "off",
      ...replicateEnvFor(fake),
    },
    { storage },
  );
  fake.setWebhookTransport(injectWebhooksInto(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await s3.close();
});

/**
 * A hang detector, not a speed limit: seeding trains a child and renders portraits in real image
 * threads (seconds on a quiet machine, many times that beside other work on two cores).
 */
const SLOW = { timeout: 180_000 };

/** A parent on Oracle with one child whose photos are up and whose training has been handed over. */
async function childInTraining(parentName: string, childName: string, photoSeed: number) {
  const parent = await verifiedParent(t.app, t.database.db, { firstName: parentName });
  await acceptConsent(t.app, parent);
  await buyPlan(t, parent, 3);
  const { childId, photoIds } = await addChildWithPhotos(t, parent, parent.familyId, {
    childName,
    photos: 3,
    photoSeed,
  });
  const started = await postAs(t.app, "/api/children/training/start", parent, parent.familyId, { childId });
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  const trainingId = (await childRow(t, childId)).trainingProviderId ?? "";
  expect(trainingId).not.toBe("");
  return { parent, familyId: parent.familyId, childId, photoIds, trainingId };
}

/** Trains on Replicate (the signed webhook completes it) and makes portraits, kept in the bucket. */
async function trainedWithPortraits(parent: TestParent, childId: number, trainingId: string, count: number) {
  await fake.completeTraining(trainingId);
  const generated = await postAs(t.app, "/api/generation/generate", parent, parent.familyId, {
    childId,
    styleId: "astronaut",
    count,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  await workQueued(t, [renderPortraitJob.name]);
  const imageIds = (generated.json().images as { id: string }[]).map((image) => image.id);
  for (const prediction of [...fake.predictions.values()].filter((run) => run.status !== "succeeded")) {
    await fake.completePrediction(String(prediction.id));
  }
  const gallery = await postAs(t.app, "/api/children/generated-images", parent, parent.familyId, { childId });
  expect(gallery.json().images.map((image: { status: string }) => image.status)).toEqual(
    Array(count).fill("succeeded"),
  );
  return imageIds;
}

const receiptOf = (text: string) =>
  JSON.parse(
    text.slice(text.indexOf(RECEIPT_BEGIN) + RECEIPT_BEGIN.length, text.indexOf(RECEIPT_END)),
  ) as DeletionReceipt;

const deletionsOf = (path: string) =>
  fake.requests.filter((request) => request.method === "DELETE" && request.path === path);

describe("deleting on Replicate and S3", SLOW, () => {
  it("deletes a child whose model deletion Replicate is still processing, through the retried job", async () => {
    const seeded = await childInTraining("Nell", "Saffron", 0);
    const imageIds = await trainedWithPortraits(seeded.parent, seeded.childId, seeded.trainingId, 2);
    const row = await childRow(t, seeded.childId);
    const [model = "", version = ""] = (row.modelVersion ?? "").split(":");
    expect(fake.models.get(model)?.versions).toEqual([version]);
    const childPrefix = `families/${seeded.familyId}/children/${seeded.childId}/`;
    // 3 photos and 3 thumbnails, 2 portraits and 2 thumbnails.
    expect([...s3.objects.keys()].filter((key) => key.startsWith(childPrefix))).toHaveLength(10);

    fake.deferVersionDeletion(true);
    const deleted = await postAs(t.app, "/api/children/delete", seeded.parent, seeded.familyId, {
      childId: seeded.childId,
      confirmName: "SAFFRON",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Everything of ours is gone at once; Replicate took the version's deletion (202) but refused
    // the model's (409): the deletion waits in the queue.
    expect([...s3.objects.keys()].filter((key) => key.includes(`children/${seeded.childId}/`))).toEqual([]);
    expect((await t.storage.list("")).filter((key) => key.includes(`children/${seeded.childId}/`))).toEqual(
      [],
    );
    expect(deletionsOf(`/v1/models/${model}/versions/${version}`).map((request) => request.status)).toEqual([
      202,
    ]);
    expect(deletionsOf(`/v1/models/${model}`).map((request) => request.status)).toEqual([409]);
    expect(fake.models.has(model)).toBe(true);
    // The receipt says what Replicate answered, as it answered (decision 0043).
    const receiptMail = await latestMail(t.database.db, seeded.parent.email, "child-deleted");
    const receipt = receiptOf(receiptMail?.text ?? "");
    expect(receipt.providers).toEqual([
      {
        provider: "replicate",
        item: "trained model",
        answer: "failed: 409, retried automatically until it is done",
      },
      {
        provider: "replicate",
        item: "2 portrait predictions",
        answer: expect.stringContaining("no delete call exists"),
      },
    ]);
    expect(verifyDeletionReceipt(t.env.AUTH_SECRET ?? "", receiptMail?.text ?? "").valid).toBe(true);

    // Replicate finishes; the queued job (retried with backoff by pg-boss) completes the deletion.
    fake.processDeletions();
    fake.deferVersionDeletion(false);
    expect(await workQueued(t, [deleteModelJob.name])).toBe(1);
    expect(fake.models.has(model)).toBe(false);
    expect(deletionsOf(`/v1/models/${model}`).map((request) => request.status)).toEqual([409, 204]);

    const hits = await scanTables(
      t,
      childNeedles(row, { photoIds: seeded.photoIds, imageIds }),
      (table, found) => table === "mail_outbox" && found.kind === "child-deleted",
    );
    expect(hits).toEqual([]);
    expect((await latestMail(t.database.db, seeded.parent.email, "child-deleted"))?.subject).toContain(
      "Saffron",
    );
  });

  it("deletes a family: the bucket's files and each model at Replicate, at once", async () => {
    const seeded = await childInTraining("Otto", "Juniper", 3);
    const imageIds = await trainedWithPortraits(seeded.parent, seeded.childId, seeded.trainingId, 1);
    const row = await childRow(t, seeded.childId);
    const [model = ""] = (row.modelVersion ?? "").split(":");
    // An export in the bucket, made before the deletion, goes with the family.
    expect((await post(t.app, "/api/user/export", {}, seeded.parent.token)).statusCode).toBe(200);
    await workQueued(t, [buildDataExportJob.name]);
    const exportPrefix = `exports/${seeded.parent.userId}/`;
    expect([...s3.objects.keys()].filter((key) => key.startsWith(exportPrefix))).toHaveLength(1);

    const response = await postAs(t.app, "/api/organization/delete", seeded.parent, seeded.familyId, {
      confirmName: "Otto's family",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(exportPrefix))).toEqual([]);
    const receipt = receiptOf(
      (await latestMail(t.database.db, seeded.parent.email, "family-deleted"))?.text ?? "",
    );
    expect(receipt.counts.exports).toBe(1);
    expect(receipt.providers[0]).toEqual({
      provider: "replicate",
      item: "trained model",
      answer: "version deletion accepted (202), model deleted (204)",
    });
    expect([...s3.objects.keys()].filter((key) => key.startsWith(`families/${seeded.familyId}/`))).toEqual(
      [],
    );
    expect(fake.models.has(model)).toBe(false);
    expect(deletionsOf(`/v1/models/${model}`).map((request) => request.status)).toEqual([204]);
    expect(await t.queue.boss.fetch(deleteModelJob.name)).toHaveLength(0);
    const hits = await scanTables(t, [
      ...childNeedles(row, { photoIds: seeded.photoIds, imageIds }),
      ...literalNeedles([seeded.familyId]),
    ]);
    expect(hits).toEqual([]);
    expect(await latestMail(t.database.db, seeded.parent.email, "family-deleted")).toBeTruthy();
  });

  it("cancels a training still running at Replicate and removes what it made", async () => {
    const seeded = await childInTraining("Pam", "Bramble", 6);
    const training = fake.trainings.get(seeded.trainingId) as {
      destination: string;
      input: { input_images: string };
    };
    expect(fake.models.has(training.destination)).toBe(true);
    expect(fake.uploadedFile(training.input.input_images)).toBeTruthy();
    fake.setProgress(seeded.trainingId, 30);

    const deleted = await postAs(t.app, "/api/children/delete", seeded.parent, seeded.familyId, {
      childId: seeded.childId,
      confirmName: "Bramble",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(fake.trainings.get(seeded.trainingId)?.status).toBe("canceled");
    const receipt = receiptOf(
      (await latestMail(t.database.db, seeded.parent.email, "child-deleted"))?.text ?? "",
    );
    expect(receipt.providers).toEqual([
      { provider: "replicate", item: "model training", answer: "training cancelled, its files removed" },
    ]);
    // The photos' zip and the destination model are gone, so nothing of the child stays at Replicate.
    expect(fake.uploadedFile(training.input.input_images)).toBeNull();
    expect(fake.models.has(training.destination)).toBe(false);
    expect(await t.queue.boss.fetch(deleteModelJob.name)).toHaveLength(0);
    expect([...s3.objects.keys()].filter((key) => key.includes(`children/${seeded.childId}/`))).toEqual([]);
  });
});
