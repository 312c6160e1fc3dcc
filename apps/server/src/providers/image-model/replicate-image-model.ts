import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { zipSync } from "fflate";
import { z } from "zod";
import type {
  ImageModel,
  PredictionRun,
  ProviderRunStatus,
  StartPredictionInput,
  StartPreviewInput,
  StartTrainingInput,
  TrainingRun,
} from "./image-model";

/**
 * The image-model port on Replicate: one private destination model per child, trained by the flux
 * LoRA trainer from a zip of the prepared photos; portraits are predictions on the trained version.
 *
 * Plain `fetch` rather than the `replicate` SDK: the SDK has no call to delete a model or a version,
 * its `validateWebhook` is asynchronous (the port's `verifyWebhook` is not), compares signatures in
 * variable time and ignores the timestamp, and it retries 429/5xx itself in a quick loop; here every
 * failure reaches the caller at once, whose job queue retries with backoff.
 */
export type ReplicateImageModelConfig = {
  apiToken: string;
  /** The API base including the version, e.g. `https://api.replicate.com/v1`. */
  apiUrl: string;
  /** `whsec_…` from GET /v1/webhooks/default/secret; null: no webhooks, the runs are polled. */
  webhookSecret: string | null;
  /** The account or organization that owns the destination models. */
  modelOwner: string;
  /** `ostris/flux-dev-lora-trainer:<version id>`. */
  trainerVersion: string;
  /**
   * The reference-image model of the instant previews: `owner/name` (an official model, run at its
   * latest version) or `owner/name:version`. Its input follows FLUX.2 (decision 0029).
   */
  previewModel: string;
  fetch?: typeof fetch;
  /** Training steps of the LoRA trainer (its default, 1000, unless set). */
  trainingSteps?: number;
  /**
   * Hardware SKU required when creating a model; fine-tuned flux versions run on the hardware of
   * the trainer's base model, so the cheapest SKU does.
   */
  modelHardware?: string;
};

/** A non-2xx answer from Replicate; 429 and 5xx are worth retrying later. */
export class ReplicateApiError extends Error {
  readonly status: number;
  readonly retryable: boolean;
  constructor(status: number, message: string) {
    super(message);
    this.name = "ReplicateApiError";
    this.status = status;
    this.retryable = status === 429 || status >= 500;
  }
}

const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
const API_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 120_000;

const runSchema = z.object({
  id: z.string(),
  status: z.string(),
  logs: z.string().nullish(),
  error: z.unknown().nullish(),
  input: z.record(z.string(), z.unknown()).nullish(),
  destination: z.string().nullish(),
  data_removed: z.boolean().nullish(),
  output: z.unknown().nullish(),
  urls: z.object({ get: z.string().nullish() }).nullish(),
});
type Run = z.infer<typeof runSchema>;
const trainingOutputSchema = z.object({ version: z.string() });
const fileSchema = z.object({ id: z.string(), urls: z.object({ get: z.string() }) });

/** Parses `owner/name` or `owner/name:version` (an official model runs without a version). */
function parseModelRef(ref: string) {
  const match = /^([a-z0-9][a-z0-9._-]*)\/([a-z0-9][a-z0-9._-]*)(?::([a-z0-9]+))?$/i.exec(ref);
  if (!match) throw new Error(`Not a Replicate model "owner/name[:version]": ${ref}`);
  const [, owner, name, version] = match as unknown as [string, string, string, string | undefined];
  return { owner, name, version: version ?? null };
}

/** A photo inside the request itself: no address of a child's photo is ever handed out. */
const dataUri = (bytes: Uint8Array) => `data:image/jpeg;base64,${Buffer.from(bytes).toString("base64")}`;

/** Parses `owner/name:version`. */
function parseVersionRef(ref: string) {
  const match = /^([a-z0-9][a-z0-9._-]*)\/([a-z0-9][a-z0-9._-]*):([a-z0-9]+)$/i.exec(ref);
  if (!match) throw new Error(`Not a Replicate model version "owner/name:version": ${ref}`);
  const [, owner, name, version] = match as unknown as [string, string, string, string];
  return { owner, name, version };
}

function runStatus(status: string): ProviderRunStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled" || status === "aborted") return "failed";
  return "running";
}

/**
 * Of the whole training's progress, the share our preparation (zip, upload, start) takes: the
 * trainer's own percentage, read from its logs, covers the rest.
 */
const PREPARATION_SHARE = 5;

/** The last `NN%` in the logs (the trainer's and the predictor's tqdm bars). */
export function progressFromLogs(logs: string | null | undefined): number | null {
  const matches = [...(logs ?? "").matchAll(/(\d{1,3})%/g)];
  const last = matches[matches.length - 1];
  if (!last) return null;
  return Math.min(100, Number(last[1]));
}

function errorText(run: Run): string {
  if (run.status === "canceled") return "The run was canceled at Replicate.";
  if (typeof run.error === "string" && run.error) return run.error;
  if (run.error) return JSON.stringify(run.error);
  return `Replicate reported ${run.status} without an error message.`;
}

/**
 * How Replicate's models say their own safety checker refused an output: the FLUX predictors raise
 * "NSFW content detected…", Black Forest Labs' hosted models fail with "…flagged as sensitive…"
 * (error E005). Such a run counts as a failed safety check, not as a provider failure.
 */
const SAFETY_FLAG =
  /\bnsfw\b|flagged as sensitive|\bE005\b|content (?:policy|moderation)|safety (?:checker|filter)/i;

export const isSafetyFlag = (error: string) => SAFETY_FLAG.test(error);

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return first ?? null;
  }
  return null;
}

export function createReplicateImageModel(config: ReplicateImageModelConfig): ImageModel {
  const doFetch = config.fetch ?? globalThis.fetch;
  const apiUrl = config.apiUrl.replace(/\/+$/, "");
  const apiOrigin = new URL(apiUrl).origin;
  const trainer = parseVersionRef(config.trainerVersion);
  const previewModel = parseModelRef(config.previewModel);
  const webhookKey = config.webhookSecret
    ? Buffer.from(config.webhookSecret.replace(/^whsec_/, ""), "base64")
    : null;
  const webhookFields = (url: string | null) =>
    url && webhookKey ? { webhook: url, webhook_events_filter: ["completed"] } : {};

  async function call(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: FormData;
      notFoundIsNull?: boolean;
      /** Told the answer's status (a deletion receipt records it). */
      onStatus?: (status: number) => void;
    } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${config.apiToken}` };
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await doFetch(`${apiUrl}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const text = await response.text();
    options.onStatus?.(response.status);
    if (response.status === 404 && options.notFoundIsNull) return null;
    if (!response.ok) {
      let detail = text.slice(0, 500) || response.statusText;
      try {
        const problem = JSON.parse(text) as { detail?: unknown; title?: unknown };
        if (typeof problem.detail === "string") detail = problem.detail;
        else if (typeof problem.title === "string") detail = problem.title;
      } catch {
        // not JSON: keep the text
      }
      throw new ReplicateApiError(
        response.status,
        `Replicate ${method} ${path} failed with status ${response.status}: ${detail}`,
      );
    }
    return text ? JSON.parse(text) : null;
  }

  const getRun = async (kind: "trainings" | "predictions", id: string) =>
    runSchema.parse(await call("GET", `/${kind}/${encodeURIComponent(id)}`));

  /** The id of a file we uploaded, from its `urls.get` address. */
  const uploadedFileId = (url: unknown) => {
    if (typeof url !== "string" || !url.startsWith(`${apiUrl}/files/`)) return null;
    return url.slice(`${apiUrl}/files/`.length).split("/")[0] || null;
  };

  /** Cleanup that must never hide the real outcome: a leftover is reclaimed by Replicate's expiry. */
  const quietly = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch {
      // best effort
    }
  };

  async function downloadOutput(url: string): Promise<Uint8Array | null> {
    // The token goes only to Replicate's own API host; output hosts (replicate.delivery) are public.
    const headers: Record<string, string> =
      new URL(url).origin === apiOrigin ? { authorization: `Bearer ${config.apiToken}` } : {};
    const response = await doFetch(url, { headers, signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (response.status === 404 || response.status === 410) return null;
    if (!response.ok) {
      throw new ReplicateApiError(
        response.status,
        `Downloading the Replicate output failed with status ${response.status}`,
      );
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  return {
    name: "replicate",

    async startTraining(input: StartTrainingInput) {
      if (input.photos.length === 0) throw new Error("A training needs at least one photo.");
      // JPEGs do not shrink: store them, and keep the zip step cheap.
      const zip = zipSync(
        Object.fromEntries(
          input.photos.map((photo, index) => [
            `photo-${String(index + 1).padStart(2, "0")}.jpg`,
            photo.bytes,
          ]),
        ),
        { level: 0 },
      );
      await input.onProgress?.(PREPARATION_SHARE * 0.25);

      const name = `wonderkin-child-${input.childId}-${randomBytes(4).toString("hex")}`;
      const destination = `${config.modelOwner}/${name}`;
      await call("POST", "/models", {
        json: {
          owner: config.modelOwner,
          name,
          visibility: "private",
          hardware: config.modelHardware ?? "gpu-t4",
          description: "Wonderkin portrait model for one child (private).",
        },
      });
      let fileId: string | null = null;
      try {
        await input.onProgress?.(PREPARATION_SHARE * 0.5);
        const form = new FormData();
        form.append("content", new Blob([zip], { type: "application/zip" }), `${name}.zip`);
        form.append("metadata", new Blob([JSON.stringify({ destination })], { type: "application/json" }));
        const file = fileSchema.parse(await call("POST", "/files", { form }));
        fileId = file.id;
        await input.onProgress?.(PREPARATION_SHARE * 0.75);

        const training = runSchema.parse(
          await call(
            "POST",
            `/models/${trainer.owner}/${trainer.name}/versions/${trainer.version}/trainings`,
            {
              json: {
                destination,
                input: {
                  input_images: file.urls.get,
                  trigger_word: input.triggerWord,
                  steps: config.trainingSteps ?? 1000,
                },
                ...webhookFields(input.webhookUrl),
              },
            },
          ),
        );
        await input.onProgress?.(PREPARATION_SHARE);
        return { trainingId: training.id };
      } catch (error) {
        // Nothing half-made stays at Replicate: the photos and the empty model go.
        const uploaded = fileId;
        if (uploaded) await quietly(() => call("DELETE", `/files/${uploaded}`, { notFoundIsNull: true }));
        await quietly(() => call("DELETE", `/models/${destination}`, { notFoundIsNull: true }));
        throw error;
      }
    },

    async getTraining(trainingId): Promise<TrainingRun> {
      const training = await getRun("trainings", trainingId);
      const status = runStatus(training.status);
      if (status !== "running") {
        // The zip of the child's photos is needed only while training.
        const fileId = uploadedFileId(training.input?.input_images);
        if (fileId) await quietly(() => call("DELETE", `/files/${fileId}`, { notFoundIsNull: true }));
      }
      if (status === "running") {
        return { status, progress: progressFromLogs(training.logs), modelVersion: null, error: null };
      }
      if (status === "failed") {
        // An empty destination model would count against the account's model limit.
        const destination = training.destination;
        if (destination) {
          await quietly(() => call("DELETE", `/models/${destination}`, { notFoundIsNull: true }));
        }
        return {
          status,
          progress: progressFromLogs(training.logs),
          modelVersion: null,
          error: errorText(training),
        };
      }
      const output = trainingOutputSchema.safeParse(training.output);
      if (!output.success) {
        return {
          status: "failed",
          progress: 100,
          modelVersion: null,
          error: "Replicate reported the training succeeded but returned no model version.",
        };
      }
      return { status, progress: 100, modelVersion: output.data.version, error: null };
    },

    async startPrediction(input: StartPredictionInput) {
      const { version } = parseVersionRef(input.modelVersion);
      const prediction = runSchema.parse(
        await call("POST", "/predictions", {
          json: {
            version,
            input: {
              prompt: input.prompt,
              seed: input.seed,
              num_outputs: 1,
              output_format: "jpg",
              output_quality: 95,
            },
            ...webhookFields(input.webhookUrl),
          },
        }),
      );
      return { predictionId: prediction.id };
    },

    async startPreview(input: StartPreviewInput) {
      if (input.photos.length === 0) throw new Error("A preview needs at least one photo.");
      const references = await Promise.all(input.photos.map((photo) => photo.referenceCopy()));
      const body = {
        input: {
          prompt: input.prompt,
          input_images: references.map(dataUri),
          // Portraits are 4:5 (1024 × 1280 from the trained model); 1 MP is FLUX.2's own default.
          aspect_ratio: "4:5",
          resolution: "1 MP",
          seed: input.seed,
          output_format: "jpg",
          output_quality: 95,
          // The provider's safety checker stays on at its default (1 strictest … 5 most permissive).
          safety_tolerance: 2,
        },
        ...webhookFields(input.webhookUrl),
      };
      const { owner, name, version } = previewModel;
      const prediction = runSchema.parse(
        version
          ? await call("POST", "/predictions", { json: { version, ...body } })
          : await call("POST", `/models/${owner}/${name}/predictions`, { json: body }),
      );
      return { predictionId: prediction.id };
    },

    async getPrediction(predictionId): Promise<PredictionRun> {
      const prediction = await getRun("predictions", predictionId);
      const status = runStatus(prediction.status);
      const progress = progressFromLogs(prediction.logs);
      if (status === "running") return { status, progress, output: null, error: null };
      if (status === "failed") {
        const error = errorText(prediction);
        return { status, progress, output: null, error, ...(isSafetyFlag(error) ? { flagged: true } : {}) };
      }
      const gone = {
        status: "failed" as const,
        progress: 100,
        output: null,
        error: "The Replicate output is no longer available (outputs are removed after an hour).",
      };
      if (prediction.data_removed) return gone;
      const output = prediction.output;
      const url = Array.isArray(output) ? output[0] : output;
      if (typeof url !== "string") {
        return { ...gone, error: "Replicate reported the prediction succeeded but returned no image." };
      }
      // Outputs expire after an hour: fetch them now, the caller stores the bytes.
      const bytes = await downloadOutput(url);
      if (!bytes) return gone;
      return { status, progress: 100, output: bytes, error: null };
    },

    async cancelTraining(trainingId) {
      await call("POST", `/trainings/${encodeURIComponent(trainingId)}/cancel`, { notFoundIsNull: true });
    },

    async deleteModel(modelVersion) {
      const { owner, name, version } = parseVersionRef(modelVersion);
      const said = (status: number) =>
        status === 404
          ? "already gone (404)"
          : status === 202
            ? "deletion accepted (202)"
            : `deleted (${status})`;
      let versionStatus = 0;
      let modelStatus = 0;
      // Replicate deletes a version asynchronously (202) and refuses to delete a model that still has
      // versions: until it has processed the deletion this throws, and a retry later completes it.
      await call("DELETE", `/models/${owner}/${name}/versions/${version}`, {
        notFoundIsNull: true,
        onStatus: (status) => {
          versionStatus = status;
        },
      });
      await call("DELETE", `/models/${owner}/${name}`, {
        notFoundIsNull: true,
        onStatus: (status) => {
          modelStatus = status;
        },
      });
      return `version ${said(versionStatus)}, model ${said(modelStatus)}`;
    },

    // Replicate's API has no call to delete a prediction; it removes API predictions' inputs and
    // outputs itself (https://replicate.com/docs/topics/predictions/data-retention).
    predictionRetention:
      "no delete call exists: Replicate removes each API prediction's inputs and outputs an hour after it finishes",

    verifyWebhook({ headers, rawBody }) {
      if (!webhookKey) return null;
      const webhookId = header(headers, "webhook-id");
      const timestamp = header(headers, "webhook-timestamp");
      const signatures = header(headers, "webhook-signature");
      if (!webhookId || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return null;
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return null;

      const expected = createHmac("sha256", webhookKey)
        .update(`${webhookId}.${timestamp}.${rawBody}`)
        .digest();
      const valid = signatures.split(" ").some((entry) => {
        const [scheme, signature] = entry.split(",");
        if (scheme !== "v1" || !signature) return false;
        const given = Buffer.from(signature, "base64");
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!valid) return null;

      let payload: Run;
      try {
        const parsed = runSchema.safeParse(JSON.parse(rawBody));
        if (!parsed.success) return null;
        payload = parsed.data;
      } catch {
        return null;
      }
      const getUrl = payload.urls?.get ?? "";
      const kind = /\/trainings\/[^/]+$/.test(getUrl)
        ? "training"
        : /\/predictions\/[^/]+$/.test(getUrl)
          ? "prediction"
          : payload.destination
            ? "training"
            : null;
      if (!kind) return null;
      return { webhookId, kind, runId: payload.id };
    },
  };
}
