import type { GeneratedImage } from "@wonderkin/contract";
import { portraitDownloadUrl } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvent, child, generatedImage } from "../../src/db/schema";
import { readCredits } from "../../src/modules/credits/change-credits";
import { reconcileStudio } from "../../src/modules/studio/rendering";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import {
  type FakeReplicate,
  injectWebhooksInto,
  replicateEnvFor,
  startFakeReplicate,
} from "../support/fake-replicate";
import { postAs, type TestParent } from "../support/families";
import { latestMail } from "../support/identity";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * The whole studio with IMAGE_MODEL_PROVIDER=replicate, against the local Replicate fake: signed
 * webhooks reach the app through its real route, and the fake decides when runs finish.
 */
let t: TestApp;
let fake: FakeReplicate;

beforeAll(async () => {
  fake = await startFakeReplicate();
  t = await createTestApp({
    PHOTOS_MIN_PER_CHILD: "3",
    FACE_DETECTION: "off",
    ...replicateEnvFor(fake),
  });
  fake.setWebhookTransport(injectWebhooksInto(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);
const soon = () => new Date(Date.now() + 3 * 60 * 1000);

async function childRow(childId: number) {
  const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
  if (!row) throw new Error("no child");
  return row;
}

async function predictionIdOf(imageId: string) {
  const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
  return row?.providerPredictionId ?? "";
}

async function startedTraining(firstName: string) {
  const fixture = await parentWithChild(t, { firstName, planId: 3, photos: 3 });
  expect(
    (await call(fixture.parent, "/api/children/training/start", { childId: fixture.childId })).statusCode,
  ).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  const row = await childRow(fixture.childId);
  return { ...fixture, trainingId: row.trainingProviderId ?? "" };
}

describe("training on Replicate", () => {
  it("starts the trainer, follows its progress and completes on the signed webhook", async () => {
    const { parent, childId, trainingId } = await startedTraining("Rae");
    expect(trainingId).not.toBe("");
    const training = fake.trainings.get(trainingId) as { input: { trigger_word: string }; webhook: string };
    expect(training.input.trigger_word).toBe((await childRow(childId)).triggerWord);
    expect(training.webhook).toBe("http://localhost:3000/api/webhooks/replicate");

    fake.setProgress(trainingId, 40);
    const checked = await call(parent, "/api/generation/manual-training-completion", { childId });
    expect(checked.json()).toMatchObject({ status: "started", progress: 40 });

    await fake.completeTraining(trainingId);
    expect(fake.webhooks.at(-1)?.status).toBe(200);
    expect((await call(parent, "/api/generation/training/status", { childId })).json()).toMatchObject({
      status: "completed",
      progress: 100,
    });
    expect((await childRow(childId)).modelVersion).toMatch(
      new RegExp(`^${fake.owner}/wonderkin-child-${childId}-`),
    );
    expect(await latestMail(t.database.db, parent.email, "studio-ready")).toBeTruthy();
  });

  it("completes a training whose webhook was lost, through the reconciler", async () => {
    const { childId, trainingId } = await startedTraining("Lou");
    await fake.completeTraining(trainingId, { dropWebhook: true });
    expect((await childRow(childId)).trainingStatus).toBe("started");
    await reconcileStudio(t.studio, soon());
    expect((await childRow(childId)).trainingStatus).toBe("completed");
  });

  it("records a failed training with a reason the parent can act on", async () => {
    const { parent, childId, trainingId } = await startedTraining("Fen");
    await fake.completeTraining(trainingId, { succeed: false, error: "CUDA out of memory" });
    const state = (await call(parent, "/api/generation/training/status", { childId })).json();
    expect(state.status).toBe("failed");
    expect(state.failureReason).toMatch(/Try again/);
    const retried = await call(parent, "/api/children/training/start", { childId });
    expect(retried.json()).toMatchObject({ status: "started", failureReason: null });
  });

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const body = JSON.stringify({
      id: "x",
      status: "succeeded",
      urls: { get: `${fake.apiUrl}/predictions/x` },
    });
    const headers = fake.signWebhook(body, { secret: "whsec_QUJDREVGR0hJSktMTU5PUA==" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/replicate",
      payload: body,
      headers: { ...headers, "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("WEBHOOK_SIGNATURE_INVALID");
  });
});

describe("generating on Replicate", () => {
  it("copies outputs at once, survives duplicate and lost webhooks, and refunds failures", async () => {
    const { parent, childId, trainingId } = await startedTraining("Pia");
    await fake.completeTraining(trainingId);
    const balance = await readCredits(t.database.db, { userId: parent.userId });
    const response = await call(parent, "/api/generation/generate", {
      childId,
      styleId: "astronaut",
      count: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [delivered, lost, failing] = response.json().images as GeneratedImage[];
    await workQueued(t, [renderPortraitJob.name]);
    const predictions = await Promise.all(
      [delivered, lost, failing].map((image) => predictionIdOf(image?.id ?? "")),
    );
    const prediction = fake.predictions.get(predictions[0] ?? "") as {
      input: { prompt: string; seed: number };
    };
    expect(prediction.input.prompt).toContain((await childRow(childId)).triggerWord);

    // Delivered: the webhook settles it; the output is ours before the provider drops it.
    await fake.completePrediction(predictions[0] ?? "");
    fake.expireOutput(predictions[0] ?? "");
    const [first] = (
      await call(parent, "/api/generation/prediction/status", { imageIds: [delivered?.id] })
    ).json().images as GeneratedImage[];
    expect(first?.status).toBe("succeeded");
    expect((await t.app.inject({ method: "GET", url: first?.url ?? "" })).statusCode).toBe(200);
    // The same delivery again, and out of order: nothing changes, nothing is counted twice.
    await fake.resendWebhook(predictions[0] ?? "");
    const events = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(and(eq(analyticsEvent.userId, parent.userId), eq(analyticsEvent.name, "generation")));
    expect(events).toHaveLength(1);

    // Lost: the reconciler asks Replicate itself.
    await fake.completePrediction(predictions[1] ?? "", { dropWebhook: true });
    await reconcileStudio(t.studio, soon());
    const [second] = (
      await call(parent, "/api/generation/prediction/status", { imageIds: [lost?.id] })
    ).json().images as GeneratedImage[];
    expect(second?.status).toBe("succeeded");

    // Failed at the provider: refunded, reported, e-mailed.
    // (A safety flag is not a failure but a withheld render, made again once: safety/screening.test.ts.)
    await fake.completePrediction(predictions[2] ?? "", { succeed: false, error: "CUDA out of memory" });
    const [third] = (
      await call(parent, "/api/generation/prediction/status", { imageIds: [failing?.id] })
    ).json().images as GeneratedImage[];
    expect(third?.status).toBe("failed");
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(balance - 2);
    expect(await latestMail(t.database.db, parent.email, "portrait-failed")).toBeTruthy();
  });

  it("keeps the provider's output at its native size, and prints it upscaled onto A4 with bleed", async () => {
    const { parent, childId, trainingId } = await startedTraining("Nat");
    await fake.completeTraining(trainingId);
    const response = await call(parent, "/api/generation/generate", { childId, styleId: "viking", count: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const [image] = response.json().images as GeneratedImage[];
    await workQueued(t, [renderPortraitJob.name]);
    // A size none of our own files has: whatever the provider sends is kept as it is, not resized.
    const native = await sharp({
      create: { width: 1152, height: 1440, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await fake.completePrediction(await predictionIdOf(image?.id ?? ""), { image: native });
    const [done] = (await call(parent, "/api/generation/prediction/status", { imageIds: [image?.id] })).json()
      .images as GeneratedImage[];
    expect(done).toMatchObject({ status: "succeeded", width: 1152, height: 1440 });
    const [row] = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.id, image?.id ?? ""));
    const stored = await t.storage.get(row?.storageKey ?? "");
    expect(await sharp(stored ?? Buffer.alloc(0)).metadata()).toMatchObject({ width: 1152, height: 1440 });
    const thumbnail = await t.storage.get(row?.thumbnailKey ?? "");
    expect((await sharp(thumbnail ?? Buffer.alloc(0)).metadata()).width).toBe(480);

    const download = await t.app.inject({ method: "GET", url: (done && portraitDownloadUrl(done)) ?? "" });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(stored ?? Buffer.alloc(0))).toBe(true);

    const print = await call(parent, "/api/generation/print", { imageId: image?.id });
    expect(print.statusCode, print.body).toBe(200);
    const printed = await t.app.inject({ method: "GET", url: print.json().url });
    expect(await sharp(printed.rawPayload).metadata()).toMatchObject({
      format: "jpeg",
      width: 2551,
      height: 3579,
      density: 300,
      resolutionUnit: "inch",
    });
  });

  it("deletes the trained model at Replicate", async () => {
    const { childId, trainingId } = await startedTraining("Del");
    await fake.completeTraining(trainingId);
    const { modelVersion } = await childRow(childId);
    await t.studio.imageModel.deleteModel(modelVersion ?? "");
    const [model] = (modelVersion ?? "").split(":");
    const deletions = fake.requests
      .filter((request) => request.method === "DELETE")
      .map((request) => request.path);
    expect(deletions).toContain(`/v1/models/${model}`);
    expect(fake.models.has(model ?? "")).toBe(false);
  });
});
