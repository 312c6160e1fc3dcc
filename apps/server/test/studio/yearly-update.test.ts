import { studioErrorCodes, type YearlyUpdateState, yearlyUpdateErrorCodes } from "@wonderkin/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, childPhoto, childYearlyUpdate, generatedImage } from "../../src/db/schema";
import { readCredits } from "../../src/modules/credits/change-credits";
import { collectExportData } from "../../src/modules/privacy/collect-export-data";
import { exportDocument } from "../../src/modules/privacy/export-document";
import { purgeTrainingPhotos } from "../../src/modules/privacy/retention";
import {
  handleImageModelWebhook,
  makeYearlySeriesPortraits,
  reconcileStudio,
} from "../../src/modules/studio/rendering";
import {
  deleteModelJob,
  trainChildJob,
  yearlySeriesPortraitsJob,
  yearlyUpdateJob,
} from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { testPhoto, upload, uploadForm } from "../support/photos";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * The yearly update (decision 0069) without face checks: when it may start, what it trains on, the
 * studio working meanwhile, the new model taking over, the old one deleted, each series' portrait
 * made, the reconciler's safety net, retention, and the data export. The face checks (same child as
 * before, the reference face updated) are in test/photos/yearly-same-child.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FACE_DETECTION: "off", PHOTOS_MIN_PER_CHILD: "3" });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

async function stateOf(as: TestParent, childId: number): Promise<YearlyUpdateState> {
  const answer = await call(as, "/api/children/yearly-update", { childId });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const startUpdate = (as: TestParent, childId: number) =>
  call(as, "/api/children/yearly-update/start", { childId });

async function childRow(childId: number) {
  const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
  if (!row) throw new Error(`No child ${childId}`);
  return row;
}

/** A parent on plan 1 whose child Luna is trained from three photos. */
async function trainedChild(firstName: string) {
  const made = await parentWithChild(t, { firstName, planId: 1, photos: 3 });
  const started = await call(made.parent, "/api/children/training/start", { childId: made.childId });
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  expect((await childRow(made.childId)).trainingStatus).toBe("completed");
  return made;
}

/** The model as if trained `days` ago (the product only moves forward; the test moves the clock). */
async function modelTrainedDaysAgo(childId: number, days: number): Promise<void> {
  const at = new Date(Date.now() - days * DAY);
  await t.database.db
    .update(child)
    .set({ trainingStartedAt: new Date(at.getTime() - 60_000), trainingCompletedAt: at })
    .where(eq(child.id, childId));
  await t.database.db
    .update(childPhoto)
    .set({ createdAt: new Date(at.getTime() - 120_000) })
    .where(eq(childPhoto.childId, childId));
}

const photosKept = async (childId: number) =>
  (await t.database.db.select({ id: childPhoto.id }).from(childPhoto).where(eq(childPhoto.childId, childId)))
    .length;

async function addPhotos(as: TestParent, childId: number, seeds: number[]): Promise<void> {
  const files = await Promise.all(
    seeds.map(async (seed) => ({ name: `this-year-${seed}.jpg`, bytes: await testPhoto({ seed }) })),
  );
  const before = await photosKept(childId);
  const uploaded = await upload(t.app, "/api/image/upload", as, as.familyId, uploadForm(childId, files));
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  // Every one taken (the test photos differ from the training photos of seeds 0–2).
  expect(await photosKept(childId)).toBe(before + seeds.length);
}

async function queuedModelDeletions(): Promise<{ modelVersion?: string; startsLater: boolean }[]> {
  const result = await t.database.db.execute(
    sql`select data, start_after > now() + interval '30 minutes' as "startsLater" from pgboss.job where name = ${deleteModelJob.name}`,
  );
  return (
    result as unknown as { rows: { data: { modelVersion?: string }; startsLater: boolean }[] }
  ).rows.map((row) => ({ modelVersion: row.data.modelVersion, startsLater: row.startsLater }));
}

/**
 * The update job's hand-over, done by the test: the provider took this year's photos and trains
 * (its webhook not in yet). Answers the provider's run.
 */
async function providerTookPhotos(childId: number): Promise<string> {
  const { trainingId } = await t.studio.imageModel.startTraining({
    childId,
    triggerWord: (await childRow(childId)).triggerWord,
    photos: await Promise.all([3, 4, 5].map(async (seed) => ({ bytes: await testPhoto({ seed }) }))),
    webhookUrl: null,
    onProgress: async () => {},
  });
  await t.database.db
    .update(childYearlyUpdate)
    .set({ providerId: trainingId })
    .where(and(eq(childYearlyUpdate.childId, childId), eq(childYearlyUpdate.status, "started")));
  return trainingId;
}

/** A worker took the update's job and died without a trace: the job is gone, the update started. */
async function loseQueuedJob(): Promise<void> {
  const [job] = await t.queue.boss.fetch(yearlyUpdateJob.name);
  if (!job) throw new Error("No yearly update job queued");
  await t.queue.boss.complete(yearlyUpdateJob.name, job.id);
}

describe("the yearly update", () => {
  it("waits for the model to be old enough and for a few of this year's photos", async () => {
    const untrained = await parentWithChild(t, { firstName: "Una", planId: 1, photos: 0 });
    const notTrained = await startUpdate(untrained.parent, untrained.childId);
    expect(notTrained.statusCode).toBe(409);
    expect(notTrained.json().code).toBe(yearlyUpdateErrorCodes.notTrained);

    const { parent, childId } = await trainedChild("Vera");
    const trainedAt = (await childRow(childId)).trainingCompletedAt as Date;
    const fresh = await stateOf(parent, childId);
    expect(fresh).toMatchObject({
      status: null,
      newPhotoCount: 0,
      minPhotos: 3,
      modelTrainedAt: trainedAt.toISOString(),
      availableOn: new Date(trainedAt.getTime() + 180 * DAY).toISOString().slice(0, 10),
      seriesRenders: [],
    });
    const tooSoon = await startUpdate(parent, childId);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: yearlyUpdateErrorCodes.tooSoon });
    expect(tooSoon.json().message).toMatch(
      /^Luna's model is still new\. It can be updated with new photos from \d+ \w+ \d{4}\.$/,
    );

    await modelTrainedDaysAgo(childId, 200);
    const noPhotos = await startUpdate(parent, childId);
    expect(noPhotos.statusCode).toBe(409);
    expect(noPhotos.json()).toMatchObject({
      code: yearlyUpdateErrorCodes.needsPhotos,
      message: "Add at least 3 photos of Luna taken this year, then update.",
    });
    // The three training photos are last year's: only photos added since count.
    await addPhotos(parent, childId, [3, 4]);
    expect((await stateOf(parent, childId)).newPhotoCount).toBe(2);
    expect((await startUpdate(parent, childId)).json().code).toBe(yearlyUpdateErrorCodes.needsPhotos);
    expect(
      await t.database.db.select().from(childYearlyUpdate).where(eq(childYearlyUpdate.childId, childId)),
    ).toEqual([]);

    // Another family's child is not there.
    const stranger = await parentWithChild(t, { firstName: "Otto", planId: 1, photos: 0 });
    const foreign = await startUpdate(stranger.parent, childId);
    expect(foreign.statusCode).toBe(404);
  });

  it("trains again from this year's photos while the studio keeps working, then takes over", async () => {
    const { parent, childId } = await trainedChild("Wren");
    const series = await call(parent, "/api/series", {
      childId,
      styleId: "fairy",
      remindOn: { month: 6, day: 1 },
    });
    expect(series.statusCode, series.body).toBe(200);
    await modelTrainedDaysAgo(childId, 365);
    const before = await childRow(childId);
    await addPhotos(parent, childId, [3, 4, 5]);
    const newPhotoIds = (
      await t.database.db
        .select({ id: childPhoto.id })
        .from(childPhoto)
        .where(
          and(eq(childPhoto.childId, childId), sql`${childPhoto.createdAt} > ${before.trainingCompletedAt}`),
        )
    ).map(({ id }) => id);
    expect(newPhotoIds).toHaveLength(3);

    const started = await startUpdate(parent, childId);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: "started", progress: 0, newPhotoCount: 3 });
    // Two clicks start one update.
    const again = await startUpdate(parent, childId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(yearlyUpdateErrorCodes.inProgress);
    const [running] = await t.database.db
      .select()
      .from(childYearlyUpdate)
      .where(eq(childYearlyUpdate.childId, childId));
    expect(new Set(running?.photoIds)).toEqual(new Set(newPhotoIds));

    // Meanwhile the studio makes portraits with last year's model.
    const meanwhile = await call(parent, "/api/generation/generate", {
      childId,
      styleId: "astronaut",
      count: 1,
    });
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect((await childRow(childId)).modelVersion).toBe(before.modelVersion);
    const creditsBefore = await readCredits(t.database.db, { userId: parent.userId });

    expect(await workQueued(t, [yearlyUpdateJob.name])).toBe(1);
    const trained = await stateOf(parent, childId);
    expect(trained).toMatchObject({ status: "completed", seriesRenders: [], seriesPending: true });
    // The series' portraits are their own job, queued with the completion; worked twice, it makes one.
    expect(await workQueued(t, [yearlySeriesPortraitsJob.name])).toBe(1);
    const [update] = await t.database.db
      .select()
      .from(childYearlyUpdate)
      .where(eq(childYearlyUpdate.childId, childId));
    await makeYearlySeriesPortraits(t.studio, update?.id ?? "");
    const done = await stateOf(parent, childId);
    expect(done).toMatchObject({
      status: "completed",
      progress: 100,
      failureReason: null,
      newPhotoCount: 0,
      seriesPending: false,
    });
    const after = await childRow(childId);
    expect(after.modelVersion).not.toBe(before.modelVersion);
    expect(after.modelVersion).toBeTruthy();
    expect(after.trainingCompletedAt?.toISOString()).toBe(done.completedAt);
    expect(after.trainingStartedAt?.toISOString()).toBe(done.startedAt);
    expect(done.modelTrainedAt).toBe(done.completedAt);
    // A new model is new again: the next update is a while away.
    expect(done.availableOn).toBe(
      new Date(Date.parse(done.completedAt ?? "") + 180 * DAY).toISOString().slice(0, 10),
    );

    // Last year's model is deleted at the provider, after renders that started with it finish.
    expect(await queuedModelDeletions()).toContainEqual({
      modelVersion: before.modelVersion,
      startsLater: true,
    });

    // The series' style was made again, with the new model, paid like any portrait.
    expect(done.seriesRenders).toEqual([{ styleId: "fairy", imageId: expect.any(String), problem: null }]);
    const [portrait] = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.id, done.seriesRenders[0]?.imageId ?? ""));
    expect(portrait).toMatchObject({ childId, styleId: "fairy", requestedByUserId: parent.userId });
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(
      creditsBefore - (portrait?.creditCost ?? 0),
    );

    // The export says when it ran and what it made.
    const data = await collectExportData(t.database.db, parent.userId);
    if (!data) throw new Error("the parent's export data");
    const exported = exportDocument(data, new Map(), new Date(), { publicUrl: t.env.publicUrl });
    expect(exported.children[0]?.yearlyUpdates).toEqual([
      {
        status: "completed",
        photos: 3,
        startedAt: done.startedAt,
        completedAt: done.completedAt,
        startedByYou: true,
        seriesPortraits: done.seriesRenders,
      },
    ]);
  });

  it("is settled by the reconciler when its job or its webhook is lost, and fails past its deadline", async () => {
    const { parent, childId } = await trainedChild("Xia");
    await modelTrainedDaysAgo(childId, 365);
    await addPhotos(parent, childId, [3, 4, 5]);
    expect((await startUpdate(parent, childId)).statusCode).toBe(200);
    const [update] = await t.database.db
      .select()
      .from(childYearlyUpdate)
      .where(eq(childYearlyUpdate.childId, childId));
    // The job is lost (taken and dropped here): ten minutes on, the reconciler sends it again.
    await loseQueuedJob();
    await reconcileStudio(t.studio, new Date(Date.now() + 10 * 60_000));
    expect(await workQueued(t, [yearlyUpdateJob.name])).toBe(1);
    expect(await stateOf(parent, childId)).toMatchObject({ status: "completed", seriesPending: true });
    // Its series' portraits' job is lost too: it is sent again, and the update is whole.
    const [seriesJob] = await t.queue.boss.fetch(yearlySeriesPortraitsJob.name);
    if (!seriesJob) throw new Error("No series portraits job queued");
    await t.queue.boss.complete(yearlySeriesPortraitsJob.name, seriesJob.id);
    await reconcileStudio(t.studio, new Date(Date.now() + 10 * 60_000));
    expect(await workQueued(t, [yearlySeriesPortraitsJob.name])).toBe(1);
    expect((await stateOf(parent, childId)).seriesPending).toBe(false);

    // A run the provider never finished is failed after six hours, and can be started again.
    await modelTrainedDaysAgo(childId, 365);
    await addPhotos(parent, childId, [6, 7, 8]);
    expect((await startUpdate(parent, childId)).statusCode).toBe(200);
    const [second] = await t.database.db
      .select()
      .from(childYearlyUpdate)
      .where(and(eq(childYearlyUpdate.childId, childId), eq(childYearlyUpdate.status, "started")));
    expect(second?.id).not.toBe(update?.id);
    await t.database.db
      .update(childYearlyUpdate)
      .set({ providerId: `lost-${second?.id}` })
      .where(eq(childYearlyUpdate.id, second?.id ?? ""));
    await reconcileStudio(t.studio, new Date(Date.now() + 7 * 60 * 60_000));
    const failed = await stateOf(parent, childId);
    expect(failed).toMatchObject({ status: "failed", failureReason: "The update took too long. Try again." });
    const [cleared] = await t.database.db
      .select()
      .from(childYearlyUpdate)
      .where(eq(childYearlyUpdate.id, second?.id ?? ""));
    expect(cleared?.referenceDescriptor).toBeNull();
    await loseQueuedJob();
    const retried = await startUpdate(parent, childId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await workQueued(t, [yearlyUpdateJob.name])).toBe(1);
    expect((await stateOf(parent, childId)).status).toBe("completed");
  });

  it("is settled by the provider's webhook like a first training, once", async () => {
    const { parent, childId } = await trainedChild("Ada");
    await modelTrainedDaysAgo(childId, 365);
    await addPhotos(parent, childId, [3, 4, 5]);
    expect((await startUpdate(parent, childId)).statusCode).toBe(200);
    await loseQueuedJob();
    // The provider took the photos (the job's hand-over, done here) and later calls back.
    const trainingId = await providerTookPhotos(childId);
    const delivery = { webhookId: `delivery-${trainingId}`, kind: "training" as const, runId: trainingId };
    expect(await handleImageModelWebhook(t.studio, delivery)).toBe("settled");
    expect(await stateOf(parent, childId)).toMatchObject({ status: "completed", seriesPending: true });
    const { modelVersion } = await t.studio.imageModel.getTraining(trainingId);
    expect((await childRow(childId)).modelVersion).toBe(modelVersion);
    expect(await handleImageModelWebhook(t.studio, delivery)).toBe("duplicate");
    expect(await handleImageModelWebhook(t.studio, { ...delivery, webhookId: `again-${trainingId}` })).toBe(
      "settled",
    );
    expect((await childRow(childId)).modelVersion).toBe(modelVersion);
  });

  it("keeps this year's photos for the retention period from their upload, and none while an update runs", async () => {
    const { parent, childId } = await trainedChild("Yuki");
    await modelTrainedDaysAgo(childId, 200);
    await addPhotos(parent, childId, [3, 4, 5]);
    const now = new Date();
    // Last year's training photos go; this year's stay, waiting for the update.
    expect(await photosKept(childId)).toBe(6);
    await purgeTrainingPhotos(t.privacy, now);
    expect(await photosKept(childId)).toBe(3);
    expect((await stateOf(parent, childId)).newPhotoCount).toBe(3);

    // While an update runs, nothing of the child's is deleted, even past the period.
    expect((await startUpdate(parent, childId)).statusCode).toBe(200);
    const later = new Date(now.getTime() + 31 * DAY);
    await purgeTrainingPhotos(t.privacy, later);
    expect(await photosKept(childId)).toBe(3);
    expect(await workQueued(t, [yearlyUpdateJob.name])).toBe(1);
    // Once it trained them, they are kept the period from then, like any training's photos.
    await purgeTrainingPhotos(t.privacy, new Date(now.getTime() + 29 * DAY));
    expect(await photosKept(childId)).toBe(3);
    await purgeTrainingPhotos(t.privacy, later);
    expect(await photosKept(childId)).toBe(0);
    // The studio goes on: the model is there.
    expect((await childRow(childId)).modelVersion).toBeTruthy();
  });

  it("waits for the parent's answer when one of this year's photos looks like an adult", async () => {
    const { parent, childId } = await trainedChild("Zoe");
    await modelTrainedDaysAgo(childId, 200);
    await addPhotos(parent, childId, [3, 4, 5]);
    // One of this year's photos looks like an adult: the parent answers first, as before training.
    const [photo] = await t.database.db
      .select()
      .from(childPhoto)
      .where(and(eq(childPhoto.childId, childId), sql`${childPhoto.createdAt} > now() - interval '1 day'`));
    await t.database.db
      .update(childPhoto)
      .set({ estimatedAge: 40 })
      .where(eq(childPhoto.id, photo?.id ?? ""));
    const asked = await startUpdate(parent, childId);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: studioErrorCodes.adultQuestionsOpen,
      details: { photoIds: [photo?.id] },
    });
    expect(
      await t.database.db.select().from(childYearlyUpdate).where(eq(childYearlyUpdate.childId, childId)),
    ).toEqual([]);
    // Kept as Luna: the update starts.
    const kept = await call(parent, "/api/image/keep", { childId, photoId: photo?.id });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await startUpdate(parent, childId)).statusCode).toBe(200);
  });

  it("goes with its child: a deleted child's update run is removed at the provider with its model", async () => {
    const { parent, childId } = await trainedChild("Ines");
    await modelTrainedDaysAgo(childId, 365);
    await addPhotos(parent, childId, [3, 4, 5]);
    expect((await startUpdate(parent, childId)).statusCode).toBe(200);
    // The provider took the photos and is training (its webhook not in yet): the job's hand-over.
    const kid = await childRow(childId);
    const trainingId = await providerTookPhotos(childId);
    const run = await t.studio.imageModel.getTraining(trainingId);
    const modelFiles = async (version: string | null | undefined) =>
      (await t.storage.list(`image-models/${version}/`)).length;
    expect(await modelFiles(run.modelVersion)).toBeGreaterThan(0);
    expect(await modelFiles(kid.modelVersion)).toBeGreaterThan(0);

    const deleted = await call(parent, "/api/children/delete", { childId, confirmName: "Luna" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await modelFiles(run.modelVersion)).toBe(0);
    expect(await modelFiles(kid.modelVersion)).toBe(0);
    expect(
      await t.database.db.select().from(childYearlyUpdate).where(eq(childYearlyUpdate.childId, childId)),
    ).toEqual([]);
  });
});
