import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";

/**
 * A local server on 127.0.0.1 answering the Replicate HTTP API calls the product makes: models
 * (create, get, delete, delete version), files (multipart upload, get, download, delete), trainings
 * of the flux LoRA trainer, predictions on the trained versions, and predictions of the official
 * reference-image models the previews run (FLUX.2 [pro]: `POST /v1/models/{owner}/{name}/predictions`,
 * or `/v1/predictions` with one of their versions), whose input is validated as Replicate does.
 * Everything is in memory and moves only when a test says so (`setProgress`, `completeTraining`,
 * `completePrediction`, `completeReferencePredictions`).
 *
 * Output images are served by the fake itself under `/files/…` without a token, the way
 * replicate.delivery serves them, and `expireOutput` removes them as Replicate does after an hour.
 * Completion webhooks are signed as Replicate documents them (Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>` over `${id}.${timestamp}.${body}`
 * with the base64-decoded part of the `whsec_` secret) and POSTed to the run's webhook URL, or handed
 * to the transport a test installs (for example one that calls `app.inject`).
 */
type Json = Record<string, unknown>;

export type RecordedRequest = {
  method: string;
  /** The path without the query, e.g. `/v1/models/wonderkin-test/wonderkin-child-1-ab12cd34`. */
  path: string;
  authorized: boolean;
  /** The parsed JSON body, when the request sent JSON. */
  body: unknown;
  status: number;
};

export type FakeModel = {
  owner: string;
  name: string;
  visibility: string;
  hardware: string;
  /** Version ids, oldest first. */
  versions: string[];
};

export type FakeFile = { id: string; name: string; contentType: string; bytes: Buffer; metadata: unknown };

export type WebhookDelivery = {
  webhookId: string;
  kind: "training" | "prediction";
  runId: string;
  url: string;
  /** The headers of the latest attempt (what a receiver would see). */
  headers: Record<string, string>;
  body: string;
  /** The receiver's HTTP status of the latest attempt; null when dropped or unreachable. */
  status: number | null;
  attempts: number;
};

export type WebhookTransport = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<number>;

export type CompleteOptions = {
  /** Default true. */
  succeed?: boolean;
  /** The error text of a failed run. */
  error?: string;
  /** Extra log text appended before completion. */
  logs?: string;
  /** Keep the webhook (signed and listed in `webhooks`) but do not send it: a lost delivery. */
  dropWebhook?: boolean;
};

export type CompletePredictionOptions = CompleteOptions & {
  /** The exact output bytes (stored as given, whatever the output format says). */
  image?: Uint8Array;
  contentType?: string;
  /**
   * A photo of whoever the portrait should show: the fake draws that face into a style's art (as
   * `portraitPicture` of face-pictures.ts does) and encodes it in the requested output format.
   */
  face?: Uint8Array;
  /**
   * Reference predictions only: which input image's face the portrait shows (default 0, the first
   * one, so a preview made from the child's photos looks like the child).
   */
  faceFromInput?: number;
  /** The style whose art a composed portrait uses (default `astronaut`). */
  styleId?: string;
};

/** A prediction of a reference-image model (a preview), with its input images decoded. */
export type ReferencePrediction = {
  id: string;
  /** `owner/name` of the reference model. */
  model: string;
  /** The version the request named (`/v1/predictions`), or null when run as an official model. */
  requestedVersion: string | null;
  input: Json;
  imageCount: number;
  /** The decoded bytes of `input.input_images`, in order. */
  imageBytes: Buffer[];
  status: string;
  output: unknown;
  error: unknown;
};

/** The default error of a reference prediction failed after it started (its safety checker). */
export const SAFETY_CHECKER_ERROR = "Content flagged by the safety checker";

/** FLUX.2 [pro]'s input on Replicate (black-forest-labs/flux-2-pro). */
const FLUX2_INPUT = {
  aspectRatios: [
    "1:1",
    "16:9",
    "3:2",
    "2:3",
    "4:5",
    "5:4",
    "9:16",
    "3:4",
    "4:3",
    "match_input_image",
    "custom",
  ],
  resolutions: ["0.5 MP", "1 MP", "2 MP", "4 MP", "match_input_image"],
  outputFormats: ["webp", "jpg", "png"],
  imageTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
  maxImages: 8,
  keys: [
    "prompt",
    "input_images",
    "aspect_ratio",
    "resolution",
    "width",
    "height",
    "seed",
    "output_format",
    "output_quality",
    "safety_tolerance",
  ],
};

/** The reference models the fake knows unless told otherwise. */
export const DEFAULT_REFERENCE_MODELS = ["black-forest-labs/flux-2-pro"];
/** A real published version of FLUX.2 [pro] (others get a made-up one). */
const KNOWN_REFERENCE_VERSIONS: Record<string, string> = {
  "black-forest-labs/flux-2-pro": "2aea458694efeca3600b4d5775dedce6ee5a971c7b80ccd5ca3bd0b3b93beb00",
};

export type FakeReplicate = {
  /** The API base, ending in `/v1` (what the adapter's `apiUrl` takes). */
  apiUrl: string;
  origin: string;
  token: string;
  owner: string;
  webhookSecret: string;
  /** `ostris/flux-dev-lora-trainer:<version>` as the adapter's `trainerVersion` takes it. */
  trainerVersion: string;
  /** The reference-image models it runs (`owner/name`), the first being the app's default. */
  referenceModels: string[];
  /** `owner/name:<version>` of a reference model (the adapter's `previewModel` with a version). */
  referenceModelVersion(model?: string): string;
  requests: RecordedRequest[];
  models: Map<string, FakeModel>;
  files: Map<string, FakeFile>;
  trainings: Map<string, Json>;
  predictions: Map<string, Json>;
  webhooks: WebhookDelivery[];
  /** Moves a training or a prediction to `processing` and logs a progress bar at `percent`. */
  setProgress(runId: string, percent: number): Json;
  completeTraining(trainingId: string, options?: CompleteOptions): Promise<Json>;
  /**
   * Succeeds (by default) or fails a prediction. A LoRA prediction's output is a list of one URL, a
   * reference prediction's a single URL string; both are served under `/files/…`. A reference
   * prediction shows, by default, the face of its first input image; a failed one (or one flagged
   * with `flagNextReferencePredictions`) fails with `SAFETY_CHECKER_ERROR` unless told otherwise.
   */
  completePrediction(predictionId: string, options?: CompletePredictionOptions): Promise<Json>;
  /** The reference-model predictions (previews), oldest first, with their input images decoded. */
  referencePredictions(): ReferencePrediction[];
  /** Completes every reference prediction still running, each as `completePrediction` would. */
  completeReferencePredictions(options?: CompletePredictionOptions): Promise<Json[]>;
  /**
   * The next `times` (default 1) requests starting a reference prediction, by either path, answer
   * `status` (e.g. 500, 503, 429 or 422) with a problem `detail`; nothing is recorded as a prediction.
   */
  rejectNextReferencePredictions(options: { status: number; detail?: string; times?: number }): void;
  /**
   * The next `times` (default 1) reference predictions start normally but fail when completed
   * (unless completed with `succeed: true`), with `error` (default `SAFETY_CHECKER_ERROR`).
   */
  flagNextReferencePredictions(options?: { error?: string; times?: number }): void;
  /** Removes a prediction's output files (their URLs answer 404), as Replicate does after an hour. */
  expireOutput(predictionId: string, options?: { markDataRemoved?: boolean }): void;
  /** The bytes a prediction's output URL serves (null once expired). */
  outputBytes(url: string): Buffer | null;
  /** The bytes of an uploaded file, by its `urls.get` address or id. */
  uploadedFile(urlOrId: string): FakeFile | null;
  /**
   * Sends a webhook again with the same `webhook-id` (as Replicate's retries do) and a fresh
   * timestamp, or the original one when asked. Takes a webhook id or a run id (its latest webhook).
   */
  resendWebhook(webhookIdOrRunId: string, options?: { keepTimestamp?: boolean }): Promise<WebhookDelivery>;
  /** Signs a body the way Replicate does, for hand-made deliveries. */
  signWebhook(
    body: string,
    options?: { webhookId?: string; timestamp?: number; secret?: string },
  ): Record<string, string>;
  /** Routes webhooks through the given function instead of POSTing them over HTTP (null: HTTP). */
  setWebhookTransport(transport: WebhookTransport | null): void;
  /** The next `times` requests matching make the fake answer `status` with `detail` (429/5xx drills). */
  failNext(match: {
    method?: string;
    path: string | RegExp;
    status: number;
    detail?: string;
    times?: number;
  }): void;
  /**
   * When on, a deleted version lingers (as Replicate's 202 "accepted, processed in a few minutes")
   * and blocks deleting its model until `processDeletions()`.
   */
  deferVersionDeletion(on: boolean): void;
  processDeletions(): void;
  close(): Promise<void>;
};

const TRAINER = { owner: "ostris", name: "flux-dev-lora-trainer" };
export const FAKE_TRAINER_VERSION_ID = "e440909d3512c31646ee2e0c7d6f6f4923224863a6a10c494606e79fb5844497";

/** Replicate's ids look like `rrprh6n4ahrgg0cjx1gs4b6mxm`: 26 lowercase base32 characters. */
const runId = () => {
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  return Array.from(randomBytes(26), (byte) => alphabet[byte % 32]).join("");
};
const versionId = () => randomBytes(32).toString("hex");
const nowIso = () => new Date().toISOString();

/** A training or prediction as Replicate answers it when created: starting, with its own urls. */
function newRun(apiUrl: string, kind: "trainings" | "predictions", body: Json, fields: Json): Json {
  const id = runId();
  return {
    id,
    ...fields,
    logs: "",
    output: null,
    error: null,
    status: "starting",
    created_at: nowIso(),
    started_at: null,
    completed_at: null,
    webhook: body.webhook ?? null,
    webhook_events_filter: body.webhook_events_filter ?? null,
    urls: {
      get: `${apiUrl}/${kind}/${id}`,
      cancel: `${apiUrl}/${kind}/${id}/cancel`,
      web: `https://replicate.com/p/${id}`,
    },
  };
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function progressBar(percent: number, total: number) {
  const done = Math.round((percent / 100) * total);
  const filled = "█".repeat(Math.round(percent / 10)).padEnd(10, " ");
  return `${String(percent).padStart(3, " ")}%|${filled}| ${done}/${total} [00:42<00:58, 1.51it/s]`;
}

export function signReplicateWebhook(
  secret: string,
  body: string,
  webhookId: string,
  timestamp: number,
): Record<string, string> {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  const signature = createHmac("sha256", key).update(`${webhookId}.${timestamp}.${body}`).digest("base64");
  return {
    "content-type": "application/json",
    "webhook-id": webhookId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${signature}`,
  };
}

/** Delivers webhooks into an app in process (`app.inject`), whatever host their URL names. */
export function injectWebhooksInto(app: FastifyInstance): WebhookTransport {
  return async ({ url, headers, body }) => {
    const { pathname, search } = new URL(url);
    const response = await app.inject({
      method: "POST",
      url: `${pathname}${search}`,
      headers,
      payload: body,
    });
    return response.statusCode;
  };
}

let defaultImage: Promise<Buffer> | null = null;
const defaultOutputImage = () => {
  defaultImage ??= sharp({
    create: { width: 64, height: 80, channels: 3, background: { r: 120, g: 90, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  return defaultImage;
};

/** The image type its first bytes show (JPEG, PNG, GIF or WEBP, what FLUX.2 takes), or null. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "image/png";
  }
  const ascii = (start: number, end: number) => b.subarray(start, end).toString("latin1");
  if (b.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

/** The JSON type name Replicate's validation messages use. */
const jsonType = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number"
        ? Number.isInteger(value)
          ? "integer"
          : "number"
        : typeof value;

type InvalidField = { type: string; field: string; description: string };

/** The output URLs of a run: a list (LoRA predictions), one string (reference models) or none. */
const outputUrls = (output: unknown): string[] =>
  typeof output === "string"
    ? [output]
    : Array.isArray(output)
      ? output.filter((url): url is string => typeof url === "string")
      : [];

/** Encodes a picture as a prediction's `output_format` asks. */
async function encodeAs(picture: Buffer, format: string): Promise<Buffer> {
  if (format === "png") return sharp(picture).png().toBuffer();
  if (format === "webp") return sharp(picture).webp({ quality: 90 }).toBuffer();
  return sharp(picture).jpeg({ quality: 92 }).toBuffer();
}

/** A finished portrait of whoever `face` shows (loaded lazily: it wakes the face detector). */
async function composePortrait(face: Uint8Array, styleId: string, seed: number): Promise<Buffer> {
  const { portraitPicture } = await import("./face-pictures");
  return portraitPicture(Buffer.from(face), { styleId, seed });
}

export async function startFakeReplicate(
  options: {
    token?: string;
    owner?: string;
    webhookSecret?: string;
    /** The reference-image models it runs (`owner/name`); default `DEFAULT_REFERENCE_MODELS`. */
    referenceModels?: string[];
  } = {},
): Promise<FakeReplicate> {
  const token = options.token ?? "r8_fake_test_token";
  const owner = options.owner ?? "wonderkin-test";
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString("base64")}`;
  const requests: RecordedRequest[] = [];
  const models = new Map<string, FakeModel>();
  const files = new Map<string, FakeFile>();
  const trainings = new Map<string, Json>();
  const predictions = new Map<string, Json>();
  /** Reference models by `owner/name`, with their (only) version. */
  const referenceModels = new Map<string, { owner: string; name: string; version: string }>(
    (options.referenceModels ?? DEFAULT_REFERENCE_MODELS).map((ref) => {
      const [refOwner = "", name = ""] = ref.split("/");
      const version =
        KNOWN_REFERENCE_VERSIONS[ref] ?? createHash("sha256").update(`reference:${ref}`).digest("hex");
      return [ref, { owner: refOwner, name, version }];
    }),
  );
  type ReferenceRun = {
    model: string;
    requestedVersion: string | null;
    imageBytes: Buffer[];
    flagged: string | null;
  };
  const referenceRuns = new Map<string, ReferenceRun>();
  const referenceRejections: { status: number; detail: string; times: number }[] = [];
  const referenceFlags: { error: string; times: number }[] = [];
  const outputs = new Map<string, { bytes: Buffer; contentType: string; predictionId: string }>();
  const webhooks: WebhookDelivery[] = [];
  const failures: {
    method?: string;
    path: string | RegExp;
    status: number;
    detail: string;
    times: number;
  }[] = [];
  const pendingVersionDeletions: { model: FakeModel; version: string }[] = [];
  let deferDeletions = false;
  let transport: WebhookTransport | null = null;
  let origin = "";
  let apiUrl = "";

  const problem = (status: number, title: string, detail: string) => ({ title, detail, status });

  const deleteVersion = (model: FakeModel, version: string) => {
    model.versions = model.versions.filter((v) => v !== version);
    // Deleting a version removes its predictions and their output files.
    for (const [id, prediction] of predictions) {
      if (prediction.version !== version) continue;
      for (const url of outputUrls(prediction.output)) outputs.delete(new URL(url).pathname);
      predictions.delete(id);
    }
  };

  const findReferenceVersion = (version: string) => {
    const [ref, hash] = version.includes(":") ? version.split(":") : [null, version];
    for (const [model, reference] of referenceModels) {
      if (ref && ref !== model) continue;
      if (hash === reference.version) return model;
    }
    return null;
  };

  /** Reads an input image: a data URI, or an address of the fake's own files. */
  const readInputImage = (uri: string): { bytes: Buffer } | { error: string } => {
    const data = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(uri);
    if (data) {
      const [, mime = "", , base64, payload = ""] = data;
      if (!FLUX2_INPUT.imageTypes.includes(mime.toLowerCase())) {
        return { error: `Unsupported content type ${mime || "(none)"}: must be jpeg, png, gif, or webp` };
      }
      const bytes = base64
        ? Buffer.from(payload, "base64")
        : Buffer.from(decodeURIComponent(payload), "latin1");
      if (!imageTypeOf(bytes)) return { error: "Not a valid image: must be jpeg, png, gif, or webp" };
      return { bytes };
    }
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return { error: "Does not match format 'uri'" };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return { error: "Does not match format 'uri'" };
    const served =
      (url.origin === origin ? outputs.get(url.pathname)?.bytes : undefined) ??
      files.get(fileIdOf(uri) ?? "")?.bytes;
    if (!served) return { error: `Could not download ${uri}` };
    if (!imageTypeOf(served)) return { error: "Not a valid image: must be jpeg, png, gif, or webp" };
    return { bytes: served };
  };

  /** Validates a FLUX.2 [pro] input the way Replicate does (its 422 lists every invalid field). */
  const validateReferenceInput = (input: unknown) => {
    const invalid: InvalidField[] = [];
    const images: Buffer[] = [];
    const add = (type: string, field: string, description: string) =>
      invalid.push({ type, field: field ? `input.${field}` : "input", description });
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      add("required", "", "input is required and must be an object");
      return { invalid, images };
    }
    const values = input as Json;
    for (const key of Object.keys(values)) {
      if (!FLUX2_INPUT.keys.includes(key)) {
        add("additional_property_not_allowed", key, `Additional property ${key} is not allowed`);
      }
    }
    const typeError = (field: string, expected: string) =>
      add("invalid_type", field, `Invalid type. Expected: ${expected}, given: ${jsonType(values[field])}`);
    const enumField = (field: string, allowed: string[]) => {
      const value = values[field];
      if (value === undefined) return;
      if (typeof value !== "string" || !allowed.includes(value)) {
        add(
          "enum",
          field,
          `${field} must be one of the following: ${allowed.map((a) => JSON.stringify(a)).join(", ")}`,
        );
      }
    };
    const integerField = (field: string, min: number | null, max: number | null) => {
      const value = values[field];
      if (value === undefined) return;
      if (typeof value !== "number" || !Number.isInteger(value)) return typeError(field, "integer");
      if (min !== null && value < min) {
        add("number_gte", field, `Must be greater than or equal to ${min}`);
      }
      if (max !== null && value > max) add("number_lte", field, `Must be less than or equal to ${max}`);
    };

    if (values.prompt === undefined || values.prompt === null)
      add("required", "prompt", "prompt is required");
    else if (typeof values.prompt !== "string") typeError("prompt", "string");

    const inputImages = values.input_images;
    if (inputImages !== undefined) {
      if (!Array.isArray(inputImages)) typeError("input_images", "array");
      else {
        if (inputImages.length > FLUX2_INPUT.maxImages) {
          add("array_max_items", "input_images", `Array must have at most ${FLUX2_INPUT.maxImages} items`);
        }
        inputImages.forEach((item: unknown, index) => {
          if (typeof item !== "string") {
            add(
              "invalid_type",
              `input_images.${index}`,
              `Invalid type. Expected: string, given: ${jsonType(item)}`,
            );
            return;
          }
          const read = readInputImage(item);
          if ("error" in read) add("format", `input_images.${index}`, read.error);
          else images.push(read.bytes);
        });
      }
    }
    enumField("aspect_ratio", FLUX2_INPUT.aspectRatios);
    enumField("resolution", FLUX2_INPUT.resolutions);
    enumField("output_format", FLUX2_INPUT.outputFormats);
    integerField("width", 256, 2048);
    integerField("height", 256, 2048);
    integerField("seed", null, null);
    integerField("output_quality", 0, 100);
    integerField("safety_tolerance", 1, 5);
    return { invalid, images };
  };

  const findVersion = (version: string) => {
    const [ref, hash] = version.includes(":") ? version.split(":") : [null, version];
    for (const model of models.values()) {
      if (ref && ref !== `${model.owner}/${model.name}`) continue;
      if (hash && model.versions.includes(hash)) return { model, hash };
    }
    return null;
  };

  async function handle(request: IncomingMessage, response: ServerResponse, record: RecordedRequest) {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const method = request.method ?? "GET";
    const send = (status: number, body?: unknown, type = "application/json") => {
      record.status = status;
      response.writeHead(status, body === undefined ? {} : { "content-type": type });
      response.end(body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
    };
    const sendProblem = (status: number, title: string, detail: string) =>
      send(status, problem(status, title, detail), "application/problem+json");
    const notFound = () => sendProblem(404, "Not found", "The requested resource could not be found.");

    /** Starts a prediction of a reference model (`requestedVersion`: null on the official path). */
    const startReference = (model: string, requestedVersion: string | null) => {
      const rejection = referenceRejections[0];
      if (rejection) {
        rejection.times -= 1;
        if (rejection.times <= 0) referenceRejections.shift();
        const title =
          rejection.status === 422
            ? "Input validation failed"
            : rejection.status === 429
              ? "Too Many Requests"
              : "Error";
        return sendProblem(rejection.status, title, rejection.detail);
      }
      const { invalid, images } = validateReferenceInput(body.input);
      if (invalid.length > 0) {
        const detail = invalid.map((f) => `- ${f.field}: ${f.description}\n`).join("");
        return send(
          422,
          { ...problem(422, "Input validation failed", detail), invalid_fields: invalid },
          "application/problem+json",
        );
      }
      const webhookError = checkWebhook(body);
      if (webhookError) return sendProblem(422, "Invalid input", webhookError);
      const reference = referenceModels.get(model);
      const prediction = newRun(apiUrl, "predictions", body, {
        model,
        // Replicate hides the version of an official model's predictions.
        version: requestedVersion ? reference?.version : "hidden",
        input: body.input,
        data_removed: false,
      });
      const flag = referenceFlags[0];
      if (flag) {
        flag.times -= 1;
        if (flag.times <= 0) referenceFlags.shift();
      }
      predictions.set(String(prediction.id), prediction);
      referenceRuns.set(String(prediction.id), {
        model,
        requestedVersion,
        imageBytes: images,
        flagged: flag?.error ?? null,
      });
      return send(201, publicRun(prediction));
    };

    // Output files, public like replicate.delivery.
    if (method === "GET" && path.startsWith("/files/")) {
      const output = outputs.get(path);
      if (!output) return send(404, "Not Found", "text/plain");
      record.status = 200;
      response.writeHead(200, { "content-type": output.contentType, "content-length": output.bytes.length });
      return response.end(output.bytes);
    }

    const authorization = request.headers.authorization ?? "";
    record.authorized = authorization === `Bearer ${token}` || authorization === `Token ${token}`;
    if (!record.authorized) {
      return sendProblem(401, "Unauthenticated", "You did not pass a valid authentication token");
    }

    const failure = failures.find(
      (f) =>
        (!f.method || f.method === method) &&
        (typeof f.path === "string" ? f.path === path : f.path.test(path)),
    );
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      return sendProblem(
        failure.status,
        failure.status === 429 ? "Too Many Requests" : "Error",
        failure.detail,
      );
    }

    const raw = await readBody(request);
    const contentType = String(request.headers["content-type"] ?? "");
    let body: Json = {};
    if (raw.length > 0 && contentType.startsWith("application/json")) {
      try {
        body = JSON.parse(raw.toString("utf8")) as Json;
        record.body = body;
      } catch {
        return sendProblem(400, "Bad request", "The request body is not valid JSON.");
      }
    }

    if (method === "GET" && path === "/v1/account") {
      return send(200, { type: "organization", username: owner, name: owner, github_url: null });
    }
    if (method === "GET" && path === "/v1/webhooks/default/secret") {
      return send(200, { key: webhookSecret });
    }

    // Models
    if (method === "POST" && path === "/v1/models") {
      const { owner: modelOwner, name, visibility, hardware } = body as Record<string, string | undefined>;
      if (!modelOwner || !name || !visibility || !hardware) {
        return sendProblem(422, "Invalid input", "owner, name, visibility and hardware are required.");
      }
      if (modelOwner !== owner) {
        return sendProblem(403, "Forbidden", "You can only create models for your own account.");
      }
      if (!/^[a-z0-9][a-z0-9._-]*$/.test(name)) {
        return sendProblem(422, "Invalid input", "Model names may contain lowercase letters, digits, - _ .");
      }
      if (visibility !== "public" && visibility !== "private") {
        return sendProblem(422, "Invalid input", "visibility must be public or private.");
      }
      if (models.has(`${modelOwner}/${name}`)) {
        return sendProblem(409, "Conflict", "A model with that name and owner already exists.");
      }
      const model: FakeModel = { owner: modelOwner, name, visibility, hardware, versions: [] };
      models.set(`${modelOwner}/${name}`, model);
      return send(201, modelJson(model));
    }
    const versionMatch = /^\/v1\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)$/.exec(path);
    if (versionMatch) {
      const [, modelOwner, name, version] = versionMatch as unknown as [string, string, string, string];
      if (modelOwner === TRAINER.owner && name === TRAINER.name && version === FAKE_TRAINER_VERSION_ID) {
        return method === "GET" ? send(200, { id: version, created_at: nowIso() }) : notFound();
      }
      const model = models.get(`${modelOwner}/${name}`);
      if (!model?.versions.includes(version)) return notFound();
      if (method === "GET") return send(200, { id: version, created_at: nowIso(), cog_version: "0.9.0" });
      if (method === "DELETE") {
        if (deferDeletions) pendingVersionDeletions.push({ model, version });
        else deleteVersion(model, version);
        return send(202);
      }
    }
    const modelMatch = /^\/v1\/models\/([^/]+)\/([^/]+)$/.exec(path);
    const referenceModel = modelMatch ? referenceModels.get(`${modelMatch[1]}/${modelMatch[2]}`) : undefined;
    if (method === "GET" && referenceModel) {
      return send(200, {
        ...modelJson({ ...referenceModel, visibility: "public", hardware: "cpu", versions: [] }),
        latest_version: { id: referenceModel.version, created_at: nowIso() },
      });
    }
    if (modelMatch) {
      const model = models.get(`${modelMatch[1]}/${modelMatch[2]}`);
      if (!model) return notFound();
      if (method === "GET") return send(200, modelJson(model));
      if (method === "DELETE") {
        if (model.versions.length > 0) {
          return sendProblem(
            409,
            "Conflict",
            "Cannot delete a model that has versions. Delete its versions first.",
          );
        }
        models.delete(`${model.owner}/${model.name}`);
        return send(204);
      }
    }

    // Files
    if (method === "POST" && path === "/v1/files") {
      if (!contentType.startsWith("multipart/form-data")) {
        return sendProblem(415, "Unsupported media type", "Upload files as multipart/form-data.");
      }
      const form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
      const content = form.get("content");
      if (!(content instanceof Blob)) {
        return sendProblem(422, "Invalid input", "The content field is required.");
      }
      const metadataField = form.get("metadata");
      const metadata = metadataField
        ? JSON.parse(typeof metadataField === "string" ? metadataField : await metadataField.text())
        : {};
      const bytes = Buffer.from(await content.arrayBuffer());
      const file: FakeFile = {
        id: runId(),
        name: (content as File).name || "file",
        contentType: content.type || "application/octet-stream",
        bytes,
        metadata,
      };
      files.set(file.id, file);
      return send(201, fileJson(file));
    }
    const fileMatch = /^\/v1\/files\/([^/]+)(\/download)?$/.exec(path);
    if (fileMatch) {
      const file = files.get(fileMatch[1] ?? "");
      if (!file) return notFound();
      if (method === "GET" && fileMatch[2]) {
        record.status = 200;
        response.writeHead(200, { "content-type": file.contentType });
        return response.end(file.bytes);
      }
      if (method === "GET") return send(200, fileJson(file));
      if (method === "DELETE") {
        files.delete(file.id);
        return send(204);
      }
    }

    // Trainings
    const trainingsMatch = /^\/v1\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)\/trainings$/.exec(path);
    if (method === "POST" && trainingsMatch) {
      const [, modelOwner, name, version] = trainingsMatch;
      if (modelOwner !== TRAINER.owner || name !== TRAINER.name || version !== FAKE_TRAINER_VERSION_ID) {
        return notFound();
      }
      const destination = body.destination;
      if (typeof destination !== "string" || !models.has(destination)) {
        return sendProblem(404, "Not found", "The destination model does not exist.");
      }
      const input = (body.input ?? {}) as Json;
      if (typeof input.input_images !== "string") {
        return sendProblem(422, "Input validation failed", "input_images: input_images is required");
      }
      const uploaded = fileIdOf(input.input_images);
      if (uploaded !== null && !files.has(uploaded)) {
        return sendProblem(422, "Input validation failed", "input_images: the file does not exist");
      }
      const webhookError = checkWebhook(body);
      if (webhookError) return sendProblem(422, "Invalid input", webhookError);
      const training = newRun(apiUrl, "trainings", body, {
        model: `${TRAINER.owner}/${TRAINER.name}`,
        version,
        destination,
        input,
      });
      trainings.set(String(training.id), training);
      return send(201, publicRun(training));
    }
    // Reference-image models (official: run without a version)
    const officialMatch = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (method === "POST" && officialMatch) {
      const model = `${officialMatch[1]}/${officialMatch[2]}`;
      if (!referenceModels.has(model)) return notFound();
      return startReference(model, null);
    }
    // Predictions
    if (method === "POST" && path === "/v1/predictions") {
      const version = body.version;
      const reference = typeof version === "string" ? findReferenceVersion(version) : null;
      if (reference) return startReference(reference, String(version));
      const found = typeof version === "string" ? findVersion(version) : null;
      if (!found) {
        return sendProblem(
          422,
          "Invalid version or not permitted",
          "The specified version does not exist (or perhaps you don't have permission to use it?)",
        );
      }
      if (typeof body.input !== "object" || body.input === null) {
        return sendProblem(422, "Input validation failed", "input is required");
      }
      const webhookError = checkWebhook(body);
      if (webhookError) return sendProblem(422, "Invalid input", webhookError);
      const prediction = newRun(apiUrl, "predictions", body, {
        model: `${found.model.owner}/${found.model.name}`,
        version: found.hash,
        input: body.input,
        data_removed: false,
      });
      predictions.set(String(prediction.id), prediction);
      return send(201, publicRun(prediction));
    }
    const runMatch = /^\/v1\/(trainings|predictions)\/([^/]+)(\/cancel)?$/.exec(path);
    if (runMatch) {
      const run = (runMatch[1] === "trainings" ? trainings : predictions).get(runMatch[2] ?? "");
      if (!run) return notFound();
      if (method === "GET" && !runMatch[3]) return send(200, publicRun(run));
      if (method === "POST" && runMatch[3]) {
        if (!isTerminal(run)) Object.assign(run, { status: "canceled", completed_at: nowIso() });
        return send(200, publicRun(run));
      }
    }
    return notFound();
  }

  const modelJson = (model: FakeModel) => ({
    url: `https://replicate.com/${model.owner}/${model.name}`,
    owner: model.owner,
    name: model.name,
    description: null,
    visibility: model.visibility,
    hardware: model.hardware,
    github_url: null,
    paper_url: null,
    license_url: null,
    run_count: 0,
    cover_image_url: null,
    default_example: null,
    latest_version: model.versions.length
      ? { id: model.versions[model.versions.length - 1], created_at: nowIso() }
      : null,
  });

  const fileJson = (file: FakeFile) => ({
    id: file.id,
    name: file.name,
    content_type: file.contentType,
    size: file.bytes.length,
    etag: createHash("md5").update(file.bytes).digest("hex"),
    checksums: {
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      md5: createHash("md5").update(file.bytes).digest("hex"),
    },
    metadata: file.metadata,
    created_at: nowIso(),
    expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
    urls: { get: `${apiUrl}/files/${file.id}` },
  });

  /** The fields of a run the API returns (the webhook settings stay private, as on Replicate). */
  const publicRun = (run: Json) => {
    const { webhook: _webhook, webhook_events_filter: _filter, ...rest } = run;
    return rest;
  };

  const fileIdOf = (url: string) => {
    if (!url.startsWith(`${apiUrl}/files/`)) return null;
    return url.slice(`${apiUrl}/files/`.length).split("/")[0] ?? null;
  };

  const checkWebhook = (body: Json) => {
    if (body.webhook === undefined || body.webhook === null) return null;
    if (typeof body.webhook !== "string") return "webhook must be a URL";
    try {
      const url = new URL(body.webhook);
      if (url.protocol !== "https:" && url.protocol !== "http:") return "webhook must be an HTTP(S) URL";
    } catch {
      return "webhook must be a valid URL";
    }
    const filter = body.webhook_events_filter;
    const events = ["start", "output", "logs", "completed"];
    if (
      filter !== undefined &&
      (!Array.isArray(filter) || filter.some((e) => typeof e !== "string" || !events.includes(e)))
    ) {
      return "webhook_events_filter must be a list of start, output, logs, completed";
    }
    return null;
  };

  const isTerminal = (run: Json) => ["succeeded", "failed", "canceled"].includes(String(run.status));

  const server: Server = createServer((request, response) => {
    const record: RecordedRequest = {
      method: request.method ?? "GET",
      path: new URL(request.url ?? "/", "http://127.0.0.1").pathname,
      authorized: false,
      body: null,
      status: 0,
    };
    requests.push(record);
    handle(request, response, record).catch((error: unknown) => {
      record.status = 500;
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/problem+json" });
      response.end(JSON.stringify(problem(500, "Internal server error", String(error))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  apiUrl = `${origin}/v1`;

  const sign = (body: string, webhookId: string, timestamp: number, secret = webhookSecret) =>
    signReplicateWebhook(secret, body, webhookId, timestamp);

  async function deliver(delivery: WebhookDelivery, timestamp: number) {
    delivery.headers = sign(delivery.body, delivery.webhookId, timestamp);
    delivery.attempts += 1;
    try {
      delivery.status = transport
        ? await transport({ url: delivery.url, headers: delivery.headers, body: delivery.body })
        : (
            await fetch(delivery.url, {
              method: "POST",
              headers: delivery.headers,
              body: delivery.body,
              signal: AbortSignal.timeout(10_000),
            })
          ).status;
    } catch {
      delivery.status = null;
    }
    return delivery;
  }

  async function complete(kind: "training" | "prediction", run: Json, drop: boolean) {
    const url = run.webhook;
    const filter = run.webhook_events_filter as string[] | null;
    if (typeof url !== "string" || (filter && !filter.includes("completed"))) return;
    const delivery: WebhookDelivery = {
      webhookId: `msg_${randomBytes(14).toString("hex")}`,
      kind,
      runId: String(run.id),
      url,
      headers: {},
      body: JSON.stringify(publicRun(run)),
      status: null,
      attempts: 0,
    };
    webhooks.push(delivery);
    if (drop) delivery.headers = sign(delivery.body, delivery.webhookId, nowSeconds());
    else await deliver(delivery, nowSeconds());
  }

  const runById = (id: string) => {
    const training = trainings.get(id);
    if (training) return training;
    const prediction = predictions.get(id);
    if (prediction) return prediction;
    throw new Error(`fake Replicate: no training or prediction ${id}`);
  };

  const startProcessing = (run: Json) => {
    if (isTerminal(run)) throw new Error(`fake Replicate: run ${run.id} is already ${run.status}`);
    if (run.status === "starting") Object.assign(run, { status: "processing", started_at: nowIso() });
  };

  /** The output picture of a prediction: as given, a composed portrait, or a plain default. */
  async function outputPicture(
    prediction: Json,
    reference: ReferenceRun | undefined,
    completeOptions: CompletePredictionOptions,
    format: string,
  ): Promise<Buffer> {
    if (completeOptions.image) return Buffer.from(completeOptions.image);
    const input = prediction.input as Json;
    const seed = Number.isInteger(input.seed) ? Number(input.seed) : 1;
    const styleId = completeOptions.styleId ?? "astronaut";
    const face =
      completeOptions.face ??
      (reference ? reference.imageBytes[completeOptions.faceFromInput ?? 0] : undefined);
    if (face) return encodeAs(await composePortrait(face, styleId, seed), format);
    return reference ? encodeAs(await defaultOutputImage(), format) : defaultOutputImage();
  }

  async function completePrediction(predictionId: string, completeOptions: CompletePredictionOptions = {}) {
    const prediction = predictions.get(predictionId);
    if (!prediction) throw new Error(`fake Replicate: no prediction ${predictionId}`);
    startProcessing(prediction);
    const reference = referenceRuns.get(predictionId);
    if (completeOptions.logs) prediction.logs = `${prediction.logs}${completeOptions.logs}\n`;
    const succeed = completeOptions.succeed ?? !reference?.flagged;
    if (succeed) {
      const format = String((prediction.input as Json).output_format ?? "webp");
      const bytes = await outputPicture(prediction, reference, completeOptions, format);
      const contentType =
        completeOptions.contentType ?? (format === "jpg" ? "image/jpeg" : `image/${format}`);
      const path = reference
        ? `/files/${predictionId}/output.${format}`
        : `/files/${predictionId}/out-0.${format}`;
      outputs.set(path, { bytes, contentType, predictionId });
      Object.assign(prediction, {
        status: "succeeded",
        logs: `${prediction.logs}${progressBar(100, 28)}\n`,
        // A LoRA version answers a list of images; FLUX.2 [pro] one image.
        output: reference ? `${origin}${path}` : [`${origin}${path}`],
      });
    } else {
      Object.assign(prediction, {
        status: "failed",
        error:
          completeOptions.error ??
          reference?.flagged ??
          (reference
            ? SAFETY_CHECKER_ERROR
            : "NSFW content detected. Try running it again, or try a different prompt."),
      });
    }
    prediction.completed_at = nowIso();
    await complete("prediction", prediction, completeOptions.dropWebhook ?? false);
    return publicRun(prediction);
  }

  return {
    apiUrl,
    origin,
    token,
    owner,
    webhookSecret,
    trainerVersion: `${TRAINER.owner}/${TRAINER.name}:${FAKE_TRAINER_VERSION_ID}`,
    referenceModels: [...referenceModels.keys()],
    referenceModelVersion(model) {
      const ref = model ?? [...referenceModels.keys()][0] ?? "";
      const reference = referenceModels.get(ref);
      if (!reference) throw new Error(`fake Replicate: no reference model ${ref}`);
      return `${ref}:${reference.version}`;
    },
    requests,
    models,
    files,
    trainings,
    predictions,
    webhooks,
    setProgress(id, percent) {
      const run = runById(id);
      startProcessing(run);
      const total = trainings.has(id) ? 1000 : 28;
      run.logs = `${run.logs}${progressBar(Math.round(percent), total)}\n`;
      return run;
    },
    async completeTraining(trainingId, completeOptions = {}) {
      const training = trainings.get(trainingId);
      if (!training) throw new Error(`fake Replicate: no training ${trainingId}`);
      startProcessing(training);
      if (completeOptions.logs) training.logs = `${training.logs}${completeOptions.logs}\n`;
      if (completeOptions.succeed ?? true) {
        const model = models.get(String(training.destination));
        if (!model) throw new Error(`fake Replicate: destination ${training.destination} was deleted`);
        const version = versionId();
        model.versions.push(version);
        Object.assign(training, {
          status: "succeeded",
          logs: `${training.logs}${progressBar(100, 1000)}\nSaved LoRA weights\n`,
          output: {
            version: `${model.owner}/${model.name}:${version}`,
            weights: `${origin}/files/trainings/${trainingId}/trained_model.tar`,
          },
        });
      } else {
        Object.assign(training, {
          status: "failed",
          error: completeOptions.error ?? "Training failed: CUDA out of memory",
        });
      }
      training.completed_at = nowIso();
      await complete("training", training, completeOptions.dropWebhook ?? false);
      return publicRun(training);
    },
    completePrediction,
    referencePredictions() {
      return [...referenceRuns].map(([id, run]) => {
        const prediction = predictions.get(id) ?? {};
        return {
          id,
          model: run.model,
          requestedVersion: run.requestedVersion,
          input: prediction.input as Json,
          imageCount: run.imageBytes.length,
          imageBytes: run.imageBytes,
          status: String(prediction.status),
          output: prediction.output ?? null,
          error: prediction.error ?? null,
        };
      });
    },
    async completeReferencePredictions(completeOptions = {}) {
      const running = [...referenceRuns.keys()].filter((id) => {
        const prediction = predictions.get(id);
        return prediction && !isTerminal(prediction);
      });
      const done: Json[] = [];
      for (const id of running) done.push(await completePrediction(id, completeOptions));
      return done;
    },
    rejectNextReferencePredictions(rejection) {
      referenceRejections.push({
        status: rejection.status,
        detail:
          rejection.detail ??
          (rejection.status === 422
            ? "- input.input_images.0: Not a valid image: must be jpeg, png, gif, or webp\n"
            : rejection.status === 429
              ? "Request was throttled."
              : "Internal server error"),
        times: rejection.times ?? 1,
      });
    },
    flagNextReferencePredictions(flag = {}) {
      referenceFlags.push({ error: flag.error ?? SAFETY_CHECKER_ERROR, times: flag.times ?? 1 });
    },
    expireOutput(predictionId, expireOptions = {}) {
      for (const [path, output] of outputs) if (output.predictionId === predictionId) outputs.delete(path);
      const prediction = predictions.get(predictionId);
      if (prediction && (expireOptions.markDataRemoved ?? true)) prediction.data_removed = true;
    },
    outputBytes(url) {
      return outputs.get(new URL(url).pathname)?.bytes ?? null;
    },
    uploadedFile(urlOrId) {
      return files.get(fileIdOf(urlOrId) ?? urlOrId) ?? null;
    },
    async resendWebhook(webhookIdOrRunId, resendOptions = {}) {
      const delivery =
        webhooks.find((w) => w.webhookId === webhookIdOrRunId) ??
        webhooks.findLast((w) => w.runId === webhookIdOrRunId);
      if (!delivery) throw new Error(`fake Replicate: no webhook for ${webhookIdOrRunId}`);
      const timestamp = resendOptions.keepTimestamp
        ? Number(delivery.headers["webhook-timestamp"])
        : nowSeconds();
      return deliver(delivery, timestamp);
    },
    signWebhook(body, signOptions = {}) {
      return sign(
        body,
        signOptions.webhookId ?? `msg_${randomBytes(14).toString("hex")}`,
        signOptions.timestamp ?? nowSeconds(),
        signOptions.secret ?? webhookSecret,
      );
    },
    setWebhookTransport(next) {
      transport = next;
    },
    failNext(match) {
      failures.push({
        ...match,
        detail: match.detail ?? (match.status === 429 ? "Request was throttled." : "Internal server error"),
        times: match.times ?? 1,
      });
    },
    deferVersionDeletion(on) {
      deferDeletions = on;
    },
    processDeletions() {
      for (const { model, version } of pendingVersionDeletions.splice(0)) deleteVersion(model, version);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app's env for the Replicate image model against this fake. */
export function replicateEnvFor(fake: FakeReplicate) {
  return {
    IMAGE_MODEL_PROVIDER: "replicate",
    REPLICATE_API_TOKEN: fake.token,
    REPLICATE_API_URL: fake.apiUrl,
    REPLICATE_WEBHOOK_SECRET: fake.webhookSecret,
    REPLICATE_MODEL_OWNER: fake.owner,
    REPLICATE_TRAINER_VERSION: fake.trainerVersion,
    REPLICATE_PREVIEW_MODEL: fake.referenceModels[0] ?? DEFAULT_REFERENCE_MODELS[0],
  };
}
