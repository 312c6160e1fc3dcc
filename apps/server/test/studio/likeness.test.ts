import type { GeneratedImage } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, generatedImage, mailOutbox } from "../../src/db/schema";
import { readCredits } from "../../src/modules/credits/change-credits";
import { likenessOutcomesSince } from "../../src/modules/studio/rendering";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { keepAdultLookingPhotos } from "../support/answer-photo-questions";
import { portraitPicture, STRANGER, samePersonPictures, singleFacePictures } from "../support/face-pictures";
import {
  type FakeReplicate,
  injectWebhooksInto,
  replicateEnvFor,
  startFakeReplicate,
} from "../support/fake-replicate";
import { postAs, type TestParent } from "../support/families";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Every delivered portrait looks like the child: checked against the child's reference face (fixed
 * when training started), from any provider. Here Replicate's fake returns, on request, a portrait
 * of the child or of a stranger (sample faces: adults; there are no photos of children).
 */
let t: TestApp;
let fake: FakeReplicate;
let childPhotos: Buffer[];
let stranger: Buffer;

beforeAll(async () => {
  fake = await startFakeReplicate();
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "on", ...replicateEnvFor(fake) });
  fake.setWebhookTransport(injectWebhooksInto(t.app));
  childPhotos = await samePersonPictures(5);
  stranger = (await singleFacePictures())[STRANGER] as Buffer;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

async function portraitRow(imageId: string) {
  const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
  if (!row) throw new Error("no portrait");
  return row;
}

async function trainedChild(firstName: string) {
  const fixture = await parentWithChild(t, { firstName, planId: 3, photos: 3, photoBytes: childPhotos });
  await keepAdultLookingPhotos(t.app, fixture.parent, fixture.childId);
  const started = await call(fixture.parent, "/api/children/training/start", { childId: fixture.childId });
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  const trainingId = [...fake.trainings.keys()].at(-1) ?? "";
  await fake.completeTraining(trainingId);
  return fixture;
}

const statusOf = async (as: TestParent, imageId: string) =>
  (
    (await call(as, "/api/generation/prediction/status", { imageIds: [imageId] })).json()
      .images as GeneratedImage[]
  )[0];

// Each case renders up to two portraits and checks each face in its own region: ≈ 19 s for the
// longest beside a busy CI's browser tests. A hang detector, not a speed limit.
describe("the likeness of every portrait", { timeout: 90_000 }, () => {
  it("delivers a portrait that looks like the child, marked as checked", async () => {
    const { parent, childId } = await trainedChild("Kit");
    const response = await call(parent, "/api/generation/generate", {
      childId,
      styleId: "astronaut",
      count: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [image] = response.json().images as GeneratedImage[];
    await workQueued(t, [renderPortraitJob.name]);
    const predictionId = (await portraitRow(image?.id ?? "")).providerPredictionId ?? "";
    await fake.completePrediction(predictionId, { image: await portraitPicture(childPhotos[4] as Buffer) });
    const settled = await statusOf(parent, image?.id ?? "");
    expect(settled).toMatchObject({ status: "succeeded", likeness: "passed" });
    expect((await portraitRow(image?.id ?? "")).likenessDistance).toBeLessThan(0.5);
  });

  it("makes an unlike portrait again once, free, then refunds it once and tells the parent once — under duplicate webhooks", async () => {
    const { parent, childId } = await trainedChild("Mia");
    const before = await readCredits(t.database.db, { userId: parent.userId });
    const response = await call(parent, "/api/generation/generate", {
      childId,
      styleId: "astronaut",
      count: 1,
    });
    const [image] = response.json().images as GeneratedImage[];
    const imageId = image?.id ?? "";
    const afterSpending = await readCredits(t.database.db, { userId: parent.userId });
    expect(afterSpending).toBeLessThan(before);
    await workQueued(t, [renderPortraitJob.name]);
    const first = (await portraitRow(imageId)).providerPredictionId ?? "";

    // A stranger: not delivered, rendered again with a new seed, nothing charged or refunded.
    const strangerPortrait = await portraitPicture(stranger);
    await fake.completePrediction(first, { image: strangerPortrait });
    await fake.resendWebhook(first);
    await fake.resendWebhook(first);
    const retried = await portraitRow(imageId);
    expect(retried).toMatchObject({ status: "pending", likenessRetried: true, providerPredictionId: null });
    expect(retried.storageKey).toBeNull();
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(afterSpending);
    const predictionsBefore = fake.predictions.size;
    await workQueued(t, [renderPortraitJob.name]);
    expect(fake.predictions.size).toBe(predictionsBefore + 1);
    const second = (await portraitRow(imageId)).providerPredictionId ?? "";
    expect(second).not.toBe(first);
    expect((fake.predictions.get(second) as { input: { seed: number } }).input.seed).not.toBe(
      (fake.predictions.get(first) as { input: { seed: number } }).input.seed,
    );

    // Still a stranger: failed as unlike, refunded exactly once, one e-mail — however often it is told.
    await fake.completePrediction(second, { image: strangerPortrait });
    await fake.resendWebhook(second);
    await fake.resendWebhook(first);
    const settled = await statusOf(parent, imageId);
    expect(settled).toMatchObject({ status: "failed", likeness: "unlike", url: null });
    expect(settled?.error).toBe("This portrait didn't look enough like Luna, so we gave your credit back.");
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(before);
    const refunds = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, `refund:${imageId}`));
    expect(refunds).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), eq(mailOutbox.kind, "portrait-failed")));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("neither looked enough like Luna");
    // Nothing of the stranger's portrait was kept.
    expect(await t.storage.list(`families/${parent.familyId}/`)).not.toContainEqual(
      expect.stringContaining(`portraits/${imageId}`),
    );
  });

  it("passes the second render when it looks like the child", async () => {
    const { parent, childId } = await trainedChild("Ona");
    const response = await call(parent, "/api/generation/generate", { childId, styleId: "fairy", count: 1 });
    const imageId = (response.json().images as GeneratedImage[])[0]?.id ?? "";
    await workQueued(t, [renderPortraitJob.name]);
    const first = (await portraitRow(imageId)).providerPredictionId ?? "";
    await fake.completePrediction(first, { image: await portraitPicture(stranger, { styleId: "fairy" }) });
    await workQueued(t, [renderPortraitJob.name]);
    const second = (await portraitRow(imageId)).providerPredictionId ?? "";
    await fake.completePrediction(second, {
      image: await portraitPicture(childPhotos[3] as Buffer, { styleId: "fairy" }),
    });
    expect(await statusOf(parent, imageId)).toMatchObject({ status: "succeeded", likeness: "passed" });
  });

  it("counts how the checks ended, for the operator's metrics", async () => {
    // This file's portraits so far: one passed at once, one unlike twice, one passed the second time.
    expect(await likenessOutcomesSince(t.database.db, new Date(Date.now() - 60 * 60 * 1000))).toEqual({
      passedFirst: 1,
      passedSecond: 1,
      unlike: 1,
    });
    expect(await likenessOutcomesSince(t.database.db, new Date(Date.now() + 1000))).toEqual({
      passedFirst: 0,
      passedSecond: 0,
      unlike: 0,
    });
  });
});
