import Fastify from "fastify";
import { unzipSync } from "fflate";
import { validateWebhook } from "replicate";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTfjsFaceDetector } from "../../src/image-work/faces/tfjs-face-detector";
import { faceDistance } from "../../src/modules/photos/face-identity";
import type { ImageModel, PreviewPhoto, TrainingPhoto } from "../../src/providers/image-model/image-model";
import {
  createReplicateImageModel,
  progressFromLogs,
  ReplicateApiError,
} from "../../src/providers/image-model/replicate-image-model";
import { STRANGER, samePersonPictures, singleFacePictures } from "../support/face-pictures";
import {
  type FakeReplicate,
  injectWebhooksInto,
  SAFETY_CHECKER_ERROR,
  startFakeReplicate,
} from "../support/fake-replicate";

const WEBHOOK_URL = "https://wonderkin.example/api/webhooks/replicate";
let fake: FakeReplicate;
let replicate: ImageModel;
let photos: TrainingPhoto[];
let received: { url: string; headers: Record<string, string>; body: string }[];

const PREVIEW_MODEL = "black-forest-labs/flux-2-pro";

const adapter = (
  overrides: { apiToken?: string; webhookSecret?: string | null; previewModel?: string } = {},
) =>
  createReplicateImageModel({
    apiToken: overrides.apiToken ?? fake.token,
    apiUrl: fake.apiUrl,
    webhookSecret: overrides.webhookSecret === undefined ? fake.webhookSecret : overrides.webhookSecret,
    modelOwner: fake.owner,
    trainerVersion: fake.trainerVersion,
    previewModel: overrides.previewModel ?? PREVIEW_MODEL,
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
      gender: "girl",
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
      gender: "girl",
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
      gender: "girl",
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
      gender: "girl",
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
      gender: "girl",
      webhookUrl: null,
    });
    const before = requestsTo("GET", `/v1/predictions/${predictionId}`).length;
    fake.failNext({ method: "GET", path: `/v1/predictions/${predictionId}`, status: 503 });
    const failure = await replicate.getPrediction(predictionId).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, retryable: true });
    expect(requestsTo("GET", `/v1/predictions/${predictionId}`).length).toBe(before + 1);
    fake.failNext({ method: "POST", path: "/v1/predictions", status: 429 });
    await expect(
      replicate.startPrediction({
        modelVersion,
        prompt: "p",
        seed: 4,
        styleId: "fairy",
        gender: "girl",
        webhookUrl: null,
      }),
    ).rejects.toMatchObject({ status: 429, retryable: true, message: expect.stringMatching(/throttled/) });
  });

  it("refuses a model version that is not owner/name:version", async () => {
    await expect(
      replicate.startPrediction({
        modelVersion: "local:7",
        prompt: "p",
        seed: 1,
        styleId: "x",
        gender: "girl",
        webhookUrl: null,
      }),
    ).rejects.toThrow(/owner\/name:version/);
  });
});

/** Preview photos whose reference copies are the test photos' bytes as they are. */
const asPreviewPhotos = (pictures: Uint8Array[]): PreviewPhoto[] =>
  pictures.map((bytes, index) => ({
    storageKey: `families/1/photos/${index}.jpg`,
    face: null,
    referenceCopy: async () => Buffer.from(bytes),
  }));

const previewPhotos = (count = 2): PreviewPhoto[] =>
  asPreviewPhotos(photos.slice(0, count).map((p) => p.bytes));

const startPreview = (
  model: ImageModel = replicate,
  overrides: { photos?: PreviewPhoto[]; webhookUrl?: string | null; seed?: number } = {},
) =>
  model.startPreview({
    photos: overrides.photos ?? previewPhotos(),
    prompt: "a portrait of the child in the reference photos as an astronaut",
    seed: overrides.seed ?? 4242,
    styleId: "astronaut",
    gender: "girl",
    webhookUrl: overrides.webhookUrl === undefined ? WEBHOOK_URL : overrides.webhookUrl,
  });

const dataUriOf = (bytes: Uint8Array | undefined) =>
  `data:image/jpeg;base64,${Buffer.from(bytes ?? []).toString("base64")}`;

describe("Replicate image model: previews", () => {
  it("runs the official reference model with the photos as data URIs, 4:5 and the seed, without a version", async () => {
    const versioned = requestsTo("POST", "/v1/predictions").length;
    const files = fake.files.size;
    const { predictionId } = await startPreview();
    // Nothing went to the versioned endpoint, and no photo was uploaded as a file.
    expect(requestsTo("POST", "/v1/predictions").length).toBe(versioned);
    expect(fake.files.size).toBe(files);
    const [request] = requestsTo("POST", `/v1/models/${PREVIEW_MODEL}/predictions`).slice(-1);
    expect(request?.status).toBe(201);
    const body = request?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("version");
    expect(body.input).toEqual({
      prompt: "a portrait of the child in the reference photos as an astronaut",
      input_images: photos.slice(0, 2).map((p) => dataUriOf(p.bytes)),
      aspect_ratio: "4:5",
      resolution: "1 MP",
      seed: 4242,
      output_format: "jpg",
      output_quality: 95,
      safety_tolerance: 2,
    });

    const preview = fake.referencePredictions().find((p) => p.id === predictionId);
    expect(preview).toMatchObject({ model: PREVIEW_MODEL, requestedVersion: null, imageCount: 2 });
    expect(preview?.imageBytes).toEqual(photos.slice(0, 2).map((p) => Buffer.from(p.bytes)));
    expect(fake.predictions.get(predictionId)).toMatchObject({ model: PREVIEW_MODEL, status: "starting" });
  });

  it("runs owner/name:version through /v1/predictions with that version", async () => {
    const pinned = fake.referenceModelVersion(PREVIEW_MODEL);
    const version = pinned.split(":")[1];
    const official = requestsTo("POST", `/v1/models/${PREVIEW_MODEL}/predictions`).length;
    const { predictionId } = await startPreview(adapter({ previewModel: pinned }), {
      photos: previewPhotos(1),
    });
    const request = requestsTo("POST", "/v1/predictions").at(-1);
    expect(request?.status).toBe(201);
    expect(request?.body).toMatchObject({
      version,
      input: { aspect_ratio: "4:5", seed: 4242, input_images: [dataUriOf(photos[0]?.bytes)] },
    });
    expect(requestsTo("POST", `/v1/models/${PREVIEW_MODEL}/predictions`).length).toBe(official);
    expect(fake.referencePredictions().find((p) => p.id === predictionId)).toMatchObject({
      model: PREVIEW_MODEL,
      requestedVersion: version,
      imageCount: 1,
    });
  });

  it("asks for the completion webhook when a secret is set, and for none without one", async () => {
    const { predictionId } = await startPreview();
    expect(requestsTo("POST", `/v1/models/${PREVIEW_MODEL}/predictions`).at(-1)?.body).toMatchObject({
      webhook: WEBHOOK_URL,
      webhook_events_filter: ["completed"],
    });
    await fake.completePrediction(predictionId, { image: photos[0]?.bytes });
    const hook = received.at(-1);
    expect(hook?.url).toBe(WEBHOOK_URL);
    expect(replicate.verifyWebhook?.({ headers: hook?.headers ?? {}, rawBody: hook?.body ?? "" })).toEqual({
      webhookId: hook?.headers["webhook-id"],
      kind: "prediction",
      runId: predictionId,
    });

    const polled = await startPreview(adapter({ webhookSecret: null }));
    const body = requestsTo("POST", `/v1/models/${PREVIEW_MODEL}/predictions`).at(-1)?.body;
    expect(body).not.toHaveProperty("webhook");
    expect(body).not.toHaveProperty("webhook_events_filter");
    received = [];
    await fake.completePrediction(polled.predictionId, { image: photos[0]?.bytes });
    expect(received).toEqual([]);
  });

  it("fetches a finished preview's single output URL at once", async () => {
    const { predictionId } = await startPreview();
    expect(await replicate.getPrediction(predictionId)).toEqual({
      status: "running",
      progress: null,
      output: null,
      error: null,
    });
    fake.setProgress(predictionId, 40);
    expect(await replicate.getPrediction(predictionId)).toMatchObject({ status: "running", progress: 40 });

    const image = await sharp({ create: { width: 40, height: 50, channels: 3, background: "#3366cc" } })
      .jpeg()
      .toBuffer();
    const done = await fake.completePrediction(predictionId, { image });
    expect(typeof done.output).toBe("string");
    const run = await replicate.getPrediction(predictionId);
    expect(run).toMatchObject({ status: "succeeded", progress: 100, error: null });
    expect(Buffer.from(run.output ?? [])).toEqual(image);
    expect(fake.outputBytes(String(done.output))).toEqual(image);

    fake.expireOutput(predictionId);
    expect(await replicate.getPrediction(predictionId)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/no longer available/),
    });
  });

  it("by default renders the face of the first reference photo, in the asked format", async () => {
    const { predictionId } = await startPreview(replicate, { photos: previewPhotos(3) });
    const done = await fake.completePrediction(predictionId);
    expect(done.output).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\.jpg$/);
    const run = await replicate.getPrediction(predictionId);
    expect(run.status).toBe("succeeded");
    const meta = await sharp(run.output ?? new Uint8Array()).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1024, height: 1280 });
    // The face in the portrait's centre is the first photo's colour (red), not the others'.
    const { data } = await sharp(run.output ?? new Uint8Array())
      .extract({ left: 472, top: 600, width: 80, height: 80 })
      .resize(1, 1)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r = 0, g = 0, b = 0] = data;
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
  });

  it("shows the child of the reference photos by default, and whoever a test asks for", async () => {
    const detector = createTfjsFaceDetector();
    const describe = async (picture: Uint8Array) => {
      const { data, info } = await sharp(picture)
        .resize(640, 640, { fit: "inside" })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const faces = await detector.describe({ data, width: info.width, height: info.height });
      expect(faces.length).toBeGreaterThan(0);
      return faces[0]?.descriptor ?? [];
    };
    const [unsent, ...sent] = await samePersonPictures(4);
    const child = await describe(unsent as Buffer);
    const stranger = (await singleFacePictures())[STRANGER] as Buffer;
    const childPhotos = asPreviewPhotos(sent);

    const { predictionId } = await startPreview(replicate, { photos: childPhotos });
    await fake.completePrediction(predictionId);
    const likeChild = await replicate.getPrediction(predictionId);
    expect(faceDistance(child, await describe(likeChild.output ?? new Uint8Array()))).toBeLessThan(0.5);

    const other = await startPreview(replicate, { photos: childPhotos });
    await fake.completePrediction(other.predictionId, { face: stranger, styleId: "fairy" });
    const likeStranger = await replicate.getPrediction(other.predictionId);
    expect(faceDistance(child, await describe(likeStranger.output ?? new Uint8Array()))).toBeGreaterThan(0.5);
  });

  it("reports a preview failed by the safety checker with Replicate's error, flagged as a failed safety check", async () => {
    const { predictionId } = await startPreview();
    await fake.completePrediction(predictionId, { succeed: false });
    expect(await replicate.getPrediction(predictionId)).toEqual({
      status: "failed",
      progress: null,
      output: null,
      error: SAFETY_CHECKER_ERROR,
      flagged: true,
    });

    fake.flagNextReferencePredictions({ error: "Content flagged by the safety checker (E005)" });
    const flagged = await startPreview();
    const next = await startPreview();
    const image = photos[0]?.bytes;
    const done = await fake.completeReferencePredictions({ image });
    expect(done.map((run) => run.id)).toEqual(
      expect.arrayContaining([flagged.predictionId, next.predictionId]),
    );
    expect(fake.referencePredictions().filter((p) => p.status === "starting")).toEqual([]);
    expect(await replicate.getPrediction(flagged.predictionId)).toMatchObject({
      status: "failed",
      error: "Content flagged by the safety checker (E005)",
      flagged: true,
    });
    // Only the next one was flagged.
    expect(await replicate.getPrediction(next.predictionId)).toMatchObject({ status: "succeeded" });
  });

  it("throws Replicate's 422 detail for an input it refuses, and a retryable error for a 5xx", async () => {
    const failure = await startPreview(replicate, {
      photos: asPreviewPhotos([new TextEncoder().encode("not a photo at all")]),
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplicateApiError);
    expect(failure).toMatchObject({ status: 422, retryable: false });
    expect((failure as Error).message).toMatch(/status 422: - input\.input_images\.0: Not a valid image/);

    fake.rejectNextReferencePredictions({ status: 503 });
    await expect(startPreview()).rejects.toMatchObject({ status: 503, retryable: true });
    fake.rejectNextReferencePredictions({ status: 422, detail: "- input.prompt: prompt is required\n" });
    await expect(startPreview()).rejects.toThrow(/status 422: - input\.prompt: prompt is required/);
  });

  it("refuses no photos before calling, and an unknown reference model is a 404", async () => {
    const before = fake.requests.length;
    await expect(startPreview(replicate, { photos: [] })).rejects.toThrow(/at least one photo/);
    expect(fake.requests.length).toBe(before);
    await expect(startPreview(adapter({ previewModel: "someone/not-a-model" }))).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("Replicate fake: the reference model's input schema", () => {
  const post = async (input: unknown, path = `/v1/models/${PREVIEW_MODEL}/predictions`) => {
    const response = await fetch(`${fake.apiUrl.replace(/\/v1$/, "")}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: JSON.stringify({ input }),
    });
    return { status: response.status, body: (await response.json()) as { detail?: string; id?: string } };
  };
  const image = async (format: "png" | "gif" | "webp") =>
    `data:image/${format};base64,${(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
        .toFormat(format)
        .toBuffer()
    ).toString("base64")}`;

  it("takes every image type FLUX.2 takes, and every option it lists", async () => {
    const ok = await post({
      prompt: "p",
      input_images: [
        dataUriOf(photos[0]?.bytes),
        await image("png"),
        await image("gif"),
        await image("webp"),
      ],
      aspect_ratio: "custom",
      width: 768,
      height: 960,
      resolution: "2 MP",
      seed: 1,
      output_format: "png",
      output_quality: 100,
      safety_tolerance: 5,
    });
    expect(ok.status).toBe(201);
    expect(fake.referencePredictions().find((p) => p.id === ok.body.id)?.imageCount).toBe(4);
    expect((await post({ prompt: "text only" })).status).toBe(201);
  });

  it.each([
    ["a missing prompt", () => ({}), /input\.prompt: prompt is required/],
    ["a prompt that is not a string", () => ({ prompt: 3 }), /input\.prompt: Invalid type. Expected: string/],
    [
      "input_images not an array",
      () => ({ prompt: "p", input_images: "data:," }),
      /input\.input_images: Invalid type/,
    ],
    [
      "a non-string image",
      () => ({ prompt: "p", input_images: [7] }),
      /input\.input_images\.0: Invalid type/,
    ],
    [
      "more than 8 images",
      () => ({ prompt: "p", input_images: Array(9).fill(dataUriOf(photos[0]?.bytes)) }),
      /input\.input_images: Array must have at most 8 items/,
    ],
    [
      "a data URI that is not an image",
      () => ({
        prompt: "p",
        input_images: [`data:image/jpeg;base64,${Buffer.from("%PDF-1.7").toString("base64")}`],
      }),
      /input\.input_images\.0: Not a valid image/,
    ],
    [
      "a data URI of another type",
      () => ({ prompt: "p", input_images: ["data:text/plain;base64,aGVsbG8="] }),
      /input\.input_images\.0: Unsupported content type text\/plain/,
    ],
    [
      "an unknown aspect ratio",
      () => ({ prompt: "p", aspect_ratio: "4:6" }),
      /input\.aspect_ratio: aspect_ratio must be one of/,
    ],
    [
      "an unknown resolution",
      () => ({ prompt: "p", resolution: "8 MP" }),
      /input\.resolution: resolution must be one of/,
    ],
    [
      "an unknown output format",
      () => ({ prompt: "p", output_format: "jpeg" }),
      /input\.output_format: output_format must be one of/,
    ],
    [
      "a safety tolerance of 0",
      () => ({ prompt: "p", safety_tolerance: 0 }),
      /input\.safety_tolerance: Must be greater than or equal to 1/,
    ],
    [
      "a safety tolerance of 6",
      () => ({ prompt: "p", safety_tolerance: 6 }),
      /input\.safety_tolerance: Must be less than or equal to 5/,
    ],
    ["a fractional seed", () => ({ prompt: "p", seed: 1.5 }), /input\.seed: Invalid type. Expected: integer/],
    [
      "an unknown input",
      () => ({ prompt: "p", num_outputs: 1 }),
      /input\.num_outputs: Additional property num_outputs is not allowed/,
    ],
  ])("answers 422 for %s", async (_name, input, detail) => {
    const predictions = fake.predictions.size;
    const answer = await post(input());
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toMatch(detail);
    expect(fake.predictions.size).toBe(predictions);
  });

  it("validates the versioned path the same way, and knows only its reference models", async () => {
    const version = fake.referenceModelVersion().split(":")[1];
    const response = await fetch(`${fake.apiUrl}/predictions`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: JSON.stringify({ version, input: { prompt: "p", aspect_ratio: "7:5" } }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/aspect_ratio/);
    expect(
      (await post({ prompt: "p" }, "/v1/models/black-forest-labs/flux-9-ultra/predictions")).status,
    ).toBe(404);
  });
});

describe("Replicate image model: deleting and errors", () => {
  it("deletes the trained version, then the model; again is harmless", async () => {
    const modelVersion = await trainedModelVersion();
    const [ref, version] = modelVersion.split(":") as [string, string];
    expect(await replicate.deleteModel(modelVersion)).toBe(
      "version deletion accepted (202), model deleted (204)",
    );
    const deletes = fake.requests.filter(
      (r) => r.method === "DELETE" && r.path.startsWith(`/v1/models/${ref}`),
    );
    expect(deletes.map((r) => [r.path, r.status])).toEqual([
      [`/v1/models/${ref}/versions/${version}`, 202],
      [`/v1/models/${ref}`, 204],
    ]);
    expect(fake.models.has(ref)).toBe(false);
    await expect(replicate.deleteModel(modelVersion)).resolves.toBe(
      "version already gone (404), model already gone (404)",
    );
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
