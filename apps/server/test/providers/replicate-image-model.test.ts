import Fastify from "fastify";
import { unzipSync } from "fflate";
import { validateWebhook } from "replicate";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImageModel, TrainingPhoto } from "../../src/providers/image-model/image-model";
import {
  createReplicateImageModel,
  progressFromLogs,
  ReplicateApiError,
} from "../../src/providers/image-model/replicate-image-model";
import { type FakeReplicate, injectWebhooksInto, startFakeReplicate } from "../support/fake-replicate";

const WEBHOOK_URL = "https://wonderkin.example/api/webhooks/replicate";
let fake: FakeReplicate;
let replicate: ImageModel;
let photos: TrainingPhoto[];
let received: { url: string; headers: Record<string, string>; body: string }[];

const adapter = (overrides: { apiToken?: string; webhookSecret?: string | null } = {}) =>
  createReplicateImageModel({
    apiToken: overrides.apiToken ?? fake.token,
    apiUrl: fake.apiUrl,
    webhookSecret: overrides.webhookSecret === undefined ? fake.webhookSecret : overrides.webhookSecret,
    modelOwner: fake.owner,
    trainerVersion: fake.trainerVersion,
  });

const photo = async (r: number, g: number, b: number): Promise<TrainingPhoto> => ({
  bytes: new Uint8Array(
    await sharp({ create: { width: 48, height: 64, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer(),
  ),
  face: { x: 8, y: 8, width: 32, height: 32 },
});

const requestsTo = (method: string, path: string | RegExp) =>
  fake.requests.filter(
    (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
  );

function trainingAtFake(trainingId: string) {
  const training = fake.trainings.get(trainingId);
  if (!training) throw new Error(`the fake has no training ${trainingId}`);
  return training;
}

async function startTraining(childId = 7, webhookUrl: string | null = WEBHOOK_URL) {
  return replicate.startTraining({ childId, triggerWord: "TOKMIA", photos, webhookUrl });
}

async function trainedModelVersion() {
  const { trainingId } = await startTraining();
  await fake.completeTraining(trainingId);
  const run = await replicate.getTraining(trainingId);
  if (!run.modelVersion) throw new Error("training did not succeed");
  return run.modelVersion;
}

beforeAll(async () => {
  fake = await startFakeReplicate();
  photos = [await photo(200, 40, 40), await photo(40, 200, 40), await photo(40, 40, 200)];
});
afterAll(() => fake.close());
beforeEach(() => {
  replicate = adapter();
  received = [];
  fake.setWebhookTransport(async (delivery) => {
    received.push(delivery);
    return 200;
  });
});

describe("Replicate image model: training", () => {
  it("creates a private model, uploads a zip of the photos and starts the trainer with a webhook", async () => {
    const reported: number[] = [];
    const { trainingId } = await replicate.startTraining({
      childId: 42,
      triggerWord: "TOKMIA",
      photos,
      webhookUrl: WEBHOOK_URL,
      onProgress: (percent) => {
        reported.push(percent);
      },
    });
    // Preparing is a small part of a training: the trainer's own progress follows.
    expect(reported.at(-1)).toBe(5);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));

    const created = requestsTo("POST", "/v1/models").at(-1)?.body as Record<string, string>;
    expect(created).toMatchObject({ owner: fake.owner, visibility: "private" });
    expect(created.hardware).toBeTruthy();
    expect(created.name).toMatch(/^wonderkin-child-42-[0-9a-f]{8}$/);
    expect(fake.models.get(`${fake.owner}/${created.name}`)?.visibility).toBe("private");

    const training = fake.trainings.get(trainingId);
    expect(training).toMatchObject({
      model: "ostris/flux-dev-lora-trainer",
      destination: `${fake.owner}/${created.name}`,
      webhook: WEBHOOK_URL,
      webhook_events_filter: ["completed"],
      status: "starting",
    });
    const input = training?.input as Record<string, unknown>;
    expect(input.trigger_word).toBe("TOKMIA");

    // The zip really holds the prepared photos, byte for byte.
    const zip = fake.uploadedFile(String(input.input_images));
    expect(zip?.contentType).toBe("application/zip");
    const entries = Object.values(unzipSync(new Uint8Array(zip?.bytes ?? [])));
    expect(entries.map((bytes) => Buffer.from(bytes).toString("base64"))).toEqual(
      photos.map((p) => Buffer.from(p.bytes).toString("base64")),
    );
  });

  it("reports progress from the logs, then the trained version; the photos leave Replicate", async () => {
    const { trainingId } = await startTraining();
    expect(await replicate.getTraining(trainingId)).toEqual({
      status: "running",
      progress: null,
      modelVersion: null,
      error: null,
    });
    fake.setProgress(trainingId, 12);
    fake.setProgress(trainingId, 45);
    expect(await replicate.getTraining(trainingId)).toMatchObject({ status: "running", progress: 45 });

    const zipUrl = String((trainingAtFake(trainingId).input as Record<string, unknown>).input_images);
    expect(fake.uploadedFile(zipUrl)).not.toBeNull();
    const done = await fake.completeTraining(trainingId);
    const run = await replicate.getTraining(trainingId);
    expect(run).toEqual({
      status: "succeeded",
      progress: 100,
      modelVersion: (done.output as { version: string }).version,
      error: null,
    });
    expect(run.modelVersion).toMatch(
      new RegExp(`^${fake.owner}/wonderkin-child-7-[0-9a-f]{8}:[0-9a-f]{64}$`),
    );
    expect(fake.uploadedFile(zipUrl)).toBeNull();
  });

  it("reports a failed training with Replicate's error and removes the empty model", async () => {
    const { trainingId } = await startTraining();
    const destination = String(fake.trainings.get(trainingId)?.destination);
    await fake.completeTraining(trainingId, { succeed: false, error: "Not enough faces in the photos" });
    expect(await replicate.getTraining(trainingId)).toMatchObject({
      status: "failed",
      modelVersion: null,
      error: "Not enough faces in the photos",
    });
    expect(fake.models.has(destination)).toBe(false);
  });

  it("leaves nothing behind when the trainer refuses to start", async () => {
    const models = fake.models.size;
    const files = fake.files.size;
    fake.failNext({ method: "POST", path: /\/trainings$/, status: 503, detail: "Trainer is overloaded" });
    const failure = await startTraining().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplicateApiError);
    expect((failure as ReplicateApiError).message).toMatch(/503.*Trainer is overloaded/);
    expect((failure as ReplicateApiError).retryable).toBe(true);
    expect(fake.models.size).toBe(models);
    expect(fake.files.size).toBe(files);
  });

  it("sends no webhook address when no webhook secret is configured (polling only)", async () => {
    replicate = adapter({ webhookSecret: null });
    const { trainingId } = await startTraining();
    expect(fake.trainings.get(trainingId)?.webhook).toBeNull();
    await fake.completeTraining(trainingId);
    expect(received).toEqual([]);
    expect((await replicate.getTraining(trainingId)).status).toBe("succeeded");
  });
});

describe("Replicate image model: webhooks", () => {
  it("accepts Replicate's signed completion webhooks and tells trainings from predictions", async () => {
    const { trainingId } = await startTraining();
    await fake.completeTraining(trainingId);
    const trainingHook = received.at(-1);
    expect(trainingHook?.url).toBe(WEBHOOK_URL);
    const training = replicate.verifyWebhook?.({
      headers: trainingHook?.headers ?? {},
      rawBody: trainingHook?.body ?? "",
    });
    expect(training).toEqual({
      webhookId: trainingHook?.headers["webhook-id"],
      kind: "training",
      runId: trainingId,
    });
    // The official client library accepts the fake's signature too.
    expect(
      await validateWebhook({
        id: trainingHook?.headers["webhook-id"] ?? "",
        timestamp: trainingHook?.headers["webhook-timestamp"] ?? "",
        signature: trainingHook?.headers["webhook-signature"] ?? "",
        body: trainingHook?.body ?? "",
        secret: fake.webhookSecret,
      }),
    ).toBe(true);

    const version = String((trainingAtFake(trainingId).output as { version: string }).version);
    const { predictionId } = await replicate.startPrediction({
      modelVersion: version,
      prompt: "TOKMIA as an astronaut",
      seed: 1,
      styleId: "astronaut",
      webhookUrl: WEBHOOK_URL,
    });
    await fake.completePrediction(predictionId);
    const predictionHook = received.at(-1);
    expect(
      replicate.verifyWebhook?.({
        headers: predictionHook?.headers ?? {},
        rawBody: predictionHook?.body ?? "",
      }),
    ).toMatchObject({ kind: "prediction", runId: predictionId });
  });

  it("rejects a tampered body, a wrong secret, an old or missing timestamp and missing headers", async () => {
    const { trainingId } = await startTraining();
    await fake.completeTraining(trainingId);
    const hook = received.at(-1) as { headers: Record<string, string>; body: string };
    const verify = (headers: Record<string, string | string[] | undefined>, rawBody = hook.body) =>
      replicate.verifyWebhook?.({ headers, rawBody });

    expect(verify(hook.headers)).not.toBeNull();
    expect(verify(hook.headers, hook.body.replace('"succeeded"', '"failed"'))).toBeNull();
    expect(verify(hook.headers, `${hook.body} `)).toBeNull();
    const otherSecret = `whsec_${Buffer.from("another account's secret").toString("base64")}`;
    expect(verify(fake.signWebhook(hook.body, { secret: otherSecret }))).toBeNull();
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    expect(verify(fake.signWebhook(hook.body, { timestamp: sixMinutesAgo }))).toBeNull();
    const sixMinutesAhead = Math.floor(Date.now() / 1000) + 6 * 60;
    expect(verify(fake.signWebhook(hook.body, { timestamp: sixMinutesAhead }))).toBeNull();
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 4 * 60;
    expect(verify(fake.signWebhook(hook.body, { timestamp: fourMinutesAgo }))).not.toBeNull();
    expect(verify({ ...hook.headers, "webhook-signature": undefined })).toBeNull();
    expect(verify({ ...hook.headers, "webhook-id": undefined })).toBeNull();
    expect(verify({ ...hook.headers, "webhook-timestamp": "yesterday" })).toBeNull();
    expect(verify({ ...hook.headers, "webhook-signature": "v1,bm90IGEgc2lnbmF0dXJl" })).toBeNull();
    // Several signatures (a secret rotation): one valid is enough.
    expect(
      verify({
        ...hook.headers,
        "webhook-signature": `v1,bm90IGEgc2lnbmF0dXJl ${hook.headers["webhook-signature"]}`,
      }),
    ).not.toBeNull();
    // Headers as Node gives them (arrays, any case) are read too.
    expect(
      verify({
        "Webhook-Id": [hook.headers["webhook-id"] ?? ""],
        "Webhook-Timestamp": hook.headers["webhook-timestamp"],
        "Webhook-Signature": hook.headers["webhook-signature"],
      }),
    ).not.toBeNull();
    expect(
      adapter({ webhookSecret: null }).verifyWebhook?.({ headers: hook.headers, rawBody: hook.body }),
    ).toBe(null);
  });

  it("gives a re-sent webhook the same id, so the caller can ignore the duplicate", async () => {
    const { trainingId } = await startTraining();
    await fake.completeTraining(trainingId, { dropWebhook: true });
    expect(received).toEqual([]);
    const first = await fake.resendWebhook(trainingId);
    const second = await fake.resendWebhook(first.webhookId);
    expect(second.attempts).toBe(2);
    const ids = received.map((hook) =>
      replicate.verifyWebhook?.({ headers: hook.headers, rawBody: hook.body }),
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toEqual(ids[1]);
    expect(ids[0]).toMatchObject({ kind: "training", runId: trainingId, webhookId: first.webhookId });
  });

  it("delivers webhooks into an app in process, raw body intact", async () => {
    const app = Fastify();
    const verified: unknown[] = [];
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    app.post("/api/webhooks/replicate", async (request, reply) => {
      verified.push(replicate.verifyWebhook?.({ headers: request.headers, rawBody: String(request.body) }));
      return reply.code(204).send();
    });
    fake.setWebhookTransport(injectWebhooksInto(app));
    try {
      const { trainingId } = await startTraining();
      await fake.completeTraining(trainingId);
      expect(fake.webhooks.at(-1)).toMatchObject({ runId: trainingId, status: 204, attempts: 1 });
      expect(verified).toEqual([expect.objectContaining({ kind: "training", runId: trainingId })]);
    } finally {
      await app.close();
    }
  });
});

describe("Replicate image model: predictions", () => {
  it("runs the trained version with the prompt and seed and fetches the image at once", async () => {
    const modelVersion = await trainedModelVersion();
    const { predictionId } = await replicate.startPrediction({
      modelVersion,
      prompt: "a portrait of TOKMIA as a viking",
      seed: 1234,
      styleId: "viking",
      webhookUrl: WEBHOOK_URL,
    });
    const prediction = fake.predictions.get(predictionId);
    expect(prediction).toMatchObject({
      version: modelVersion.split(":")[1],
      input: { prompt: "a portrait of TOKMIA as a viking", seed: 1234, num_outputs: 1, output_format: "jpg" },
      webhook: WEBHOOK_URL,
      webhook_events_filter: ["completed"],
    });

    expect(await replicate.getPrediction(predictionId)).toEqual({
      status: "running",
      progress: null,
      output: null,
      error: null,
    });
    fake.setProgress(predictionId, 60);
    expect(await replicate.getPrediction(predictionId)).toMatchObject({ status: "running", progress: 60 });

    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#ffcc00" } })
      .jpeg()
      .toBuffer();
    const done = await fake.completePrediction(predictionId, { image });
    const outputUrl = (done.output as string[])[0] as string;
    const run = await replicate.getPrediction(predictionId);
    expect(run).toMatchObject({ status: "succeeded", progress: 100, error: null });
    expect(Buffer.from(run.output ?? [])).toEqual(fake.outputBytes(outputUrl));
    expect(Buffer.from(run.output ?? [])).toEqual(image);

    // An hour later Replicate has removed the output: only the bytes fetched at once remain.
    fake.expireOutput(predictionId);
    expect(await replicate.getPrediction(predictionId)).toMatchObject({
      status: "failed",
      output: null,
      error: expect.stringMatching(/no longer available/),
    });
  });

  it("reports an output URL that already answers 404 as lost, not as a crash", async () => {
    const modelVersion = await trainedModelVersion();
    const { predictionId } = await replicate.startPrediction({
      modelVersion,
      prompt: "p",
      seed: 1,
      styleId: "fairy",
      webhookUrl: null,
    });
    expect(fake.predictions.get(predictionId)?.webhook).toBeNull();
    await fake.completePrediction(predictionId);
    fake.expireOutput(predictionId, { markDataRemoved: false });
    expect(await replicate.getPrediction(predictionId)).toMatchObject({ status: "failed", output: null });
  });

  it("reports a failed prediction with Replicate's error text", async () => {
    const modelVersion = await trainedModelVersion();
    const { predictionId } = await replicate.startPrediction({
      modelVersion,
      prompt: "p",
      seed: 2,
      styleId: "fairy",
      webhookUrl: WEBHOOK_URL,
    });
    await fake.completePrediction(predictionId, { succeed: false, error: "CUDA error: device-side assert" });
    expect(await replicate.getPrediction(predictionId)).toEqual({
      status: "failed",
      progress: null,
      output: null,
      error: "CUDA error: device-side assert",
    });
  });

  it("throws a retryable error on a 5xx at once, without retrying behind the caller's back", async () => {
    const modelVersion = await trainedModelVersion();
    const { predictionId } = await replicate.startPrediction({
      modelVersion,
      prompt: "p",
      seed: 3,
      styleId: "fairy",
      webhookUrl: null,
    });
    const before = requestsTo("GET", `/v1/predictions/${predictionId}`).length;
    fake.failNext({ method: "GET", path: `/v1/predictions/${predictionId}`, status: 503 });
    const failure = await replicate.getPrediction(predictionId).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, retryable: true });
    expect(requestsTo("GET", `/v1/predictions/${predictionId}`).length).toBe(before + 1);
    fake.failNext({ method: "POST", path: "/v1/predictions", status: 429 });
    await expect(
      replicate.startPrediction({ modelVersion, prompt: "p", seed: 4, styleId: "fairy", webhookUrl: null }),
    ).rejects.toMatchObject({ status: 429, retryable: true, message: expect.stringMatching(/throttled/) });
  });

  it("refuses a model version that is not owner/name:version", async () => {
    await expect(
      replicate.startPrediction({
        modelVersion: "local:7",
        prompt: "p",
        seed: 1,
        styleId: "x",
        webhookUrl: null,
      }),
    ).rejects.toThrow(/owner\/name:version/);
  });
});

describe("Replicate image model: deleting and errors", () => {
  it("deletes the trained version, then the model; again is harmless", async () => {
    const modelVersion = await trainedModelVersion();
    const [ref, version] = modelVersion.split(":") as [string, string];
    await replicate.deleteModel(modelVersion);
    const deletes = fake.requests.filter(
      (r) => r.method === "DELETE" && r.path.startsWith(`/v1/models/${ref}`),
    );
    expect(deletes.map((r) => [r.path, r.status])).toEqual([
      [`/v1/models/${ref}/versions/${version}`, 202],
      [`/v1/models/${ref}`, 204],
    ]);
    expect(fake.models.has(ref)).toBe(false);
    await expect(replicate.deleteModel(modelVersion)).resolves.toBeUndefined();
  });

  it("throws while Replicate still processes the version deletion, and succeeds on a later try", async () => {
    const modelVersion = await trainedModelVersion();
    fake.deferVersionDeletion(true);
    try {
      await expect(replicate.deleteModel(modelVersion)).rejects.toThrow(/status 409/);
      fake.processDeletions();
      await replicate.deleteModel(modelVersion);
      expect(fake.models.has(modelVersion.split(":")[0] ?? "")).toBe(false);
    } finally {
      fake.deferVersionDeletion(false);
    }
  });

  it("throws with the status and Replicate's detail when the token is wrong", async () => {
    const wrong = adapter({ apiToken: "r8_wrong" });
    await expect(startTrainingWith(wrong)).rejects.toThrow(
      /status 401: You did not pass a valid authentication token/,
    );
    await expect(wrong.getTraining("whatever")).rejects.toMatchObject({ status: 401, retryable: false });
  });

  it("throws with the status for an unknown run", async () => {
    await expect(replicate.getTraining("doesnotexist")).rejects.toMatchObject({ status: 404 });
  });
});

describe("progressFromLogs", () => {
  it("takes the last percentage in the logs", () => {
    expect(progressFromLogs(null)).toBeNull();
    expect(progressFromLogs("loading weights\n")).toBeNull();
    expect(progressFromLogs("  5%|▌ | 50/1000\n 37%|███▋ | 370/1000\n")).toBe(37);
    expect(progressFromLogs("100%|██████████| 28/28")).toBe(100);
  });
});

function startTrainingWith(model: ImageModel) {
  return model.startTraining({ childId: 1, triggerWord: "TOK", photos, webhookUrl: null });
}
