import os from "node:os";
import path from "node:path";
import { findStyle } from "@wonderkin/contract";
import { z } from "zod";
import { repoRoot } from "./paths";
import { trustProxySetting } from "./trust-proxy-setting";

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * The one reader of process.env. Everything configurable is declared here with its default, so the
 * product starts with no configuration at all (PGlite, local providers) and refuses to start with a
 * message naming the key when a chosen real component lacks one.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    ROLE: z.enum(["all", "api", "worker"]).default("all"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    APP_NAME: z.string().min(1).max(60).default("Wonderkin"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Relative paths are taken from the project root, the same for every command. */
    DATA_DIR: z.string().min(1).default("./data"),
    /**
     * The operator's sample images: `<style-or-category-id>.webp|jpg|png` replaces that preview's
     * drawn art in the catalogue and on the landing. Default `DATA_DIR/samples`.
     */
    SAMPLES_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
      .optional(),
    /** Every PostgreSQL connection one process opens: the job queue takes 30 % (1–4), the app the rest. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(3).max(200).default(10),
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
    /** Whose X-Forwarded-For to believe: false, a hop count (`true` = 1) or proxy addresses/CIDRs. */
    TRUST_PROXY: trustProxySetting.default(false),
    // Slow clients (decision 0022): the whole request must arrive within the request timeout, its
    // headers within the headers timeout; an idle kept-alive connection closes after the keep-alive
    // timeout (above a load balancer's idle timeout, so it never reuses a closed connection).
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(72),
    /** The largest JSON body an endpoint takes (uploads and the family picture have their own). */
    JSON_BODY_LIMIT_KILOBYTES: z.coerce.number().int().min(16).max(10_240).default(100),
    // API requests one instance works on at once; beyond it, an immediate 503 with Retry-After.
    HTTP_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(128),
    HTTP_BUSY_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(600).default(2),
    // /api/ready answers 503 busy while the instance sheds and this long after its last shed, so a
    // load balancer routes around it without flapping (decision 0040).
    HTTP_READY_BUSY_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
    // Bodies still arriving (not yet in flight): at most this many per client address, each at
    // least this fast over every 15 s (0: no minimum). Decision 0040.
    HTTP_MAX_BODIES_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(32),
    HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).default(128),
    // JSON and HTML answers at least this big are compressed (brotli or gzip, as the client takes).
    HTTP_COMPRESS_THRESHOLD_BYTES: z.coerce.number().int().min(0).max(10_000_000).default(1024),
    /** How long a signed media address (photos, portraits, pictures, presigned S3) works. */
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    /** How long a private share link of one portrait works, from when it is made (revocable sooner). */
    SHARE_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    QUEUE_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    // An empty queue's polls slow down to this; senders wake workers at once (LISTEN/NOTIFY).
    QUEUE_IDLE_POLL_INTERVAL_SECONDS: z.coerce.number().min(1).max(300).default(15),
    /** How long a stopping process lets running jobs finish before handing them back for a retry. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(20),
    /** Serves Prometheus metrics at /metrics on the API's port to callers sending it as a bearer token. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** Also serves /metrics, without a token, on this port of every process (workers too): keep it private. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * Local storage is one host's disk. With separate API and worker processes it works only when
     * DATA_DIR/media is shared between them (one host, or a network volume): say so with true.
     */
    STORAGE_LOCAL_SHARED: booleanFromString.default(false),
    /** Portraits one worker process renders at once (the CPU part runs in the thread pool). */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** Trainings one worker process runs at once (the local model's are CPU work; Replicate's are calls). */
    TRAINING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /**
     * Threads for CPU-bound image work (photo checks, face detection, rendering, print files), so
     * neither the API nor the job loop blocks. Default: the machine's cores; 0 runs it in-process.
     */
    WORKER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    AUTH_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)")
      .optional(),

    /** Turns on /api/admin/* for operations tooling; callers send it as a bearer token. */
    ADMIN_API_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),

    // E-mail: the local outbox (default) or SMTP.
    MAIL_PROVIDER: z.enum(["outbox", "smtp"]).default("outbox"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Wonderkin <hello@wonderkin.localhost>"),
    /**
     * The outbox's mailbox (/dev/mailbox, /api/dev/outbox) shows every sign-in link, so `auto` opens
     * it only when the product runs on this machine (PUBLIC_URL on localhost) and only to local
     * clients; `on` forces it (still local clients only), `off` closes it.
     */
    DEV_MAILBOX: z.enum(["auto", "on", "off"]).default("auto"),

    // Sign-in throttling (decision 0022): failures one client may make on one account within the
    // window before it waits (1 minute, doubling per failure, at most the window); failures on one
    // account from all clients within the window before it signs in by e-mail link only (OWASP
    // ASVS: at most 100 per hour).
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    SIGN_IN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    SIGN_IN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(50),
    // Per client address (Better Auth's limiter): password sign-ins per 15 minutes, e-mail links per minute.
    SIGN_IN_IP_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
    EMAIL_LINK_IP_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
    // E-mails any route sends on a client's request (reset, verification, sign-up, change of
    // address, e-mail link, invitations), counted atomically per hour (decision 0042): to one
    // address whoever asks, and asked for by one client address whatever the recipient.
    EMAIL_SEND_RECIPIENT_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
    EMAIL_SEND_CLIENT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),

    // Social sign-in: each provider is on when its client id and secret are set. The endpoint URLs
    // default to the real providers and are configurable (tests point them at a local OAuth server).
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
    FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
    FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
    FACEBOOK_AUTHORIZATION_URL: z.url().default("https://www.facebook.com/v21.0/dialog/oauth"),
    FACEBOOK_TOKEN_URL: z.url().default("https://graph.facebook.com/v21.0/oauth/access_token"),
    FACEBOOK_USERINFO_URL: z
      .url()
      .default(
        "https://graph.facebook.com/v21.0/me?fields=id,email,first_name,last_name,name,picture.type(large)",
      ),

    // Where children's photos and portraits are kept: local disk under DATA_DIR/media (default) or
    // an S3-compatible bucket. Never public: the web only gets signed addresses that expire.
    STORAGE_PROVIDER: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    /** For S3-compatible services (MinIO, R2, …); unset for AWS. */
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromString.default(false),

    // Payments: the built-in local checkout (default) or Stripe.
    PAYMENTS_PROVIDER: z.enum(["local", "stripe"]).default("local"),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Where the Stripe API is (tests point it at a local server); the real one by default. */
    STRIPE_API_URL: z.url().default("https://api.stripe.com"),
    /**
     * The Stripe Prices (`price_…`, one-time) the Magician add-ons are sold at; unset, Checkout is
     * given the catalogue's price inline (decision 0033).
     */
    STRIPE_PRICE_ADDON_VIDEO: z
      .string()
      .regex(/^price_\w+$/, "must be a Stripe Price id (price_…)")
      .optional(),
    STRIPE_PRICE_ADDON_PRINT: z
      .string()
      .regex(/^price_\w+$/, "must be a Stripe Price id (price_…)")
      .optional(),

    // Invoices (decision 0053): the seller printed on every invoice, copied into it when issued.
    // Numbers run PREFIX-YEAR-000001 upwards, gap-free within each year.
    INVOICE_NUMBER_PREFIX: z
      .string()
      .regex(/^[A-Z0-9]{1,10}$/, "must be 1 to 10 capital letters or digits")
      .default("WK"),
    INVOICE_SELLER_NAME: z.string().trim().min(1).max(120).default("Wonderkin"),
    /** The seller's postal address, its lines separated by `;`. */
    INVOICE_SELLER_ADDRESS: z.string().trim().max(400).default(""),
    /** Where buyers write about an invoice; empty: MAIL_FROM's address. */
    INVOICE_SELLER_EMAIL: z.union([z.literal(""), z.email()]).default(""),
    INVOICE_SELLER_TAX_ID: z.string().trim().max(40).default(""),
    /** The tax included in every price, in percent (0–100, two decimals at most), and its name. */
    INVOICE_TAX_RATE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, "use at most two decimals")
      .default(0),
    INVOICE_TAX_LABEL: z.string().trim().min(1).max(20).default("VAT"),
    /** The Stripe Price (`price_…`, one-time) Oracle's Extra child is sold at (decision 0051). */
    STRIPE_PRICE_ADDON_CHILD: z
      .string()
      .regex(/^price_\w+$/, "must be a Stripe Price id (price_…)")
      .optional(),
    /** The Stripe Price (`price_…`, one-time) the Storybook add-on is sold at (decision 0067). */
    STRIPE_PRICE_ADDON_STORYBOOK: z
      .string()
      .regex(/^price_\w+$/, "must be a Stripe Price id (price_…)")
      .optional(),

    // Analytics: first-party tables always; optionally forwarded to PostHog.
    ANALYTICS_FORWARDER: z.enum(["none", "posthog"]).default("none"),
    POSTHOG_HOST: z.url().default("https://eu.i.posthog.com"),
    POSTHOG_API_KEY: z.string().min(1).optional(),

    // Training photos per child (spec: at least 10; the maximum is ours to choose).
    PHOTOS_MIN_PER_CHILD: z.coerce.number().int().min(1).max(100).default(10),
    PHOTOS_MAX_PER_CHILD: z.coerce.number().int().min(1).max(200).default(30),
    PHOTO_MAX_MEGABYTES: z.coerce.number().int().min(1).max(100).default(20),
    // Retention (days): training photos after the model is trained; unverified, inactive accounts.
    TRAINING_PHOTO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    UNVERIFIED_ACCOUNT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** How old (days) a child's model must be before a parent can update it with new photos (decision 0069). */
    YEARLY_UPDATE_MIN_DAYS: z.coerce.number().int().min(0).max(3650).default(180),
    /** Require the child's clear face in every photo, keep only it from a group (a detector that runs offline, in WebAssembly). */
    FACE_DETECTION: z.enum(["on", "off"]).default("on"),
    /**
     * Face-descriptor distance up to which two photos show the same person (same child check on
     * uploads and before training). Calibrated on the sample faces: docs/decisions/0028.
     */
    FACE_MATCH_THRESHOLD: z.coerce.number().min(0.2).max(1).default(0.5),
    /** Distance up to which a finished portrait still looks like the child (else redone once, then refunded). */
    LIKENESS_THRESHOLD: z.coerce.number().min(0.2).max(1).default(0.5),

    // Child safety (decision 0038): every photo in and every portrait out is classified on our own
    // servers; a score at or above a class's threshold refuses the photo or withholds the portrait.
    SAFETY_SCREENING: z.enum(["on", "off"]).default("on"),
    /** nsfwjs's network: MobileNetV2Mid is the default (accuracy and ≈ 80 ms a picture here). */
    SAFETY_MODEL: z.enum(["MobileNetV2", "MobileNetV2Mid", "InceptionV3"]).default("MobileNetV2Mid"),
    /** Explicit sexual content, photographed. */
    SAFETY_PORN_THRESHOLD: z.coerce.number().gt(0).max(1).default(0.6),
    /** Explicit sexual content, drawn (portraits are illustrations: this one matters for outputs). */
    SAFETY_HENTAI_THRESHOLD: z.coerce.number().gt(0).max(1).default(0.6),
    /**
     * Suggestive pictures. High on purpose: a child in swimwear or with bare shoulders at the beach
     * scores here too, and must not be refused wholesale (decision 0038).
     */
    SAFETY_SEXY_THRESHOLD: z.coerce.number().gt(0).max(1).default(0.9),
    /** Days a refused or withheld picture is kept, encrypted, for an operator's review (0: never kept). */
    SAFETY_QUARANTINE_DAYS: z.coerce.number().int().min(0).max(366).default(0),

    // The image model that trains one model per child and renders portraits: the offline local
    // model (default) or Replicate (FLUX LoRA training, predictions on the trained version).
    IMAGE_MODEL_PROVIDER: z.enum(["local", "replicate"]).default("local"),
    /** How long the local model's training takes at least, so its progress can be followed. */
    LOCAL_TRAINING_SECONDS: z.coerce.number().min(0).max(600).default(6),
    REPLICATE_API_TOKEN: z.string().min(1).optional(),
    /** Where the Replicate API is (tests point it at a local server); the real one by default. */
    REPLICATE_API_URL: z.url().default("https://api.replicate.com/v1"),
    /** The signing secret of Replicate's webhooks (`whsec_…`, from GET /v1/webhooks/default/secret). */
    REPLICATE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** The Replicate account or organisation that owns the per-child destination models. */
    REPLICATE_MODEL_OWNER: z.string().min(1).optional(),
    /** The trainer, as `ostris/flux-dev-lora-trainer:<version id>`. */
    REPLICATE_TRAINER_VERSION: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+:[0-9a-f]{8,}$/, "must look like owner/name:versionid")
      .optional(),
    /**
     * The reference-image model of the instant previews (decision 0029): `owner/name` for an
     * official model, or `owner/name:versionid`. Its input follows FLUX.2 (input_images, 4:5).
     */
    REPLICATE_PREVIEW_MODEL: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]{8,})?$/, "must look like owner/name or owner/name:versionid")
      .default("black-forest-labs/flux-2-pro"),
    /** Free preview portraits made for a child while its model trains (0 turns previews off). */
    PREVIEW_PORTRAITS: z.coerce.number().int().min(0).max(8).default(4),
    /** The styles of the previews, in order (comma-separated ids; default: the first popular styles). */
    PREVIEW_STYLES: z
      .string()
      .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, "must be comma-separated style ids")
      .optional(),
    /** Preview sets one family may have made per calendar month (UTC), over all its children. */
    PREVIEW_SETS_PER_FAMILY_MONTH: z.coerce.number().int().min(0).max(100).default(6),
  })
  .superRefine((env, ctx) => {
    if (env.MAIL_PROVIDER === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required with MAIL_PROVIDER=smtp" });
    }
    for (const provider of ["GOOGLE", "FACEBOOK"] as const) {
      const id = env[`${provider}_CLIENT_ID`];
      const secret = env[`${provider}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        ctx.addIssue({
          code: "custom",
          path: [id ? `${provider}_CLIENT_SECRET` : `${provider}_CLIENT_ID`],
          message: `is required together with ${id ? `${provider}_CLIENT_ID` : `${provider}_CLIENT_SECRET`}`,
        });
      }
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message:
          "is required with DATABASE_URL in production: every instance must sign sessions with the same secret (e.g. `openssl rand -base64 32`)",
      });
    }
    if (env.PAYMENTS_PROVIDER === "stripe") {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required with PAYMENTS_PROVIDER=stripe" });
      }
    }
    if (env.ANALYTICS_FORWARDER === "posthog" && !env.POSTHOG_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["POSTHOG_API_KEY"],
        message: "is required with ANALYTICS_FORWARDER=posthog",
      });
    }
    if (env.IMAGE_MODEL_PROVIDER === "replicate") {
      for (const key of [
        "REPLICATE_API_TOKEN",
        "REPLICATE_WEBHOOK_SECRET",
        "REPLICATE_MODEL_OWNER",
        "REPLICATE_TRAINER_VERSION",
      ] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required with IMAGE_MODEL_PROVIDER=replicate",
          });
      }
    }
    const unknownStyle = env.PREVIEW_STYLES?.split(",").find((id) => !findStyle(id));
    if (unknownStyle) {
      ctx.addIssue({
        code: "custom",
        path: ["PREVIEW_STYLES"],
        message: `names "${unknownStyle}", which is not a style of the catalogue`,
      });
    }
    if (env.ROLE !== "all" && env.STORAGE_PROVIDER === "local" && !env.STORAGE_LOCAL_SHARED) {
      ctx.addIssue({
        code: "custom",
        path: ["STORAGE_PROVIDER"],
        message: `is local: ROLE=${env.ROLE} keeps photos under DATA_DIR/media on this host, where other API and worker processes cannot read them. Use STORAGE_PROVIDER=s3 (with S3_BUCKET), or set STORAGE_LOCAL_SHARED=true if that folder is shared by every process`,
      });
    }
    if (env.STORAGE_PROVIDER === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required with STORAGE_PROVIDER=s3" });
    }
    if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS) {
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_SECONDS"],
        message: "must be at most HTTP_REQUEST_TIMEOUT_SECONDS",
      });
    }
    if (env.PHOTOS_MIN_PER_CHILD > env.PHOTOS_MAX_PER_CHILD) {
      ctx.addIssue({
        code: "custom",
        path: ["PHOTOS_MAX_PER_CHILD"],
        message: "must be at least PHOTOS_MIN_PER_CHILD",
      });
    }
    if (env.ROLE !== "all" && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: `ROLE=${env.ROLE} runs the API and the worker as separate processes, which must share a PostgreSQL database: set DATABASE_URL (the embedded PGlite database belongs to a single process)`,
      });
    }
  });

export type EnvInput = z.input<typeof envSchema>;

export type Env = z.infer<typeof envSchema> & {
  /** Whether /dev/mailbox and /api/dev/outbox are served (outbox mailer, local product, DEV_MAILBOX). */
  devMailboxEnabled: boolean;
  /** Absolute data directory (DATA_DIR resolved against the working directory). */
  dataDir: string;
  /** Absolute folder of the operator's preview samples (SAMPLES_DIR, else DATA_DIR/samples). */
  samplesDir: string;
  /** Threads of the CPU pool (WORKER_THREADS, else the cores this process may use). */
  workerThreads: number;
  /** The origin the product is reached at; used for links in e-mails and redirects. */
  publicUrl: string;
  isProduction: boolean;
};

/** A name or address (including IPv4-mapped IPv6, as Node reports clients) of this machine. */
export function isLoopbackHost(value: string): boolean {
  const hostname = value.replace(/^::ffff:/, "");
  return (
    hostname === "localhost" ||
    hostname === "[::1]" ||
    hostname === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, so `FOO=` in a shell or .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const runsLocally = isLoopbackHost(new URL(publicUrl).hostname);
  const isProduction = env.NODE_ENV === "production";
  // In production at a public address, keeping mail in the database means no parent gets any:
  // only an operator who chose the outbox on purpose gets it.
  if (isProduction && !runsLocally && cleaned.MAIL_PROVIDER === undefined) {
    throw new EnvError([
      `MAIL_PROVIDER: is not set, so mail would only be kept in the database and never sent to ${publicUrl}'s parents. Set MAIL_PROVIDER=smtp with SMTP_URL and MAIL_FROM (or MAIL_PROVIDER=outbox to keep mail undelivered on purpose)`,
    ]);
  }
  return {
    ...env,
    // The mailbox shows every sign-in link: never on a production server at a public address.
    devMailboxEnabled:
      env.MAIL_PROVIDER === "outbox" &&
      !(isProduction && !runsLocally) &&
      (env.DEV_MAILBOX === "on" || (env.DEV_MAILBOX === "auto" && runsLocally)),
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    samplesDir: env.SAMPLES_DIR
      ? path.resolve(repoRoot, env.SAMPLES_DIR)
      : path.join(path.resolve(repoRoot, env.DATA_DIR), "samples"),
    workerThreads: env.WORKER_THREADS ?? os.availableParallelism(),
    publicUrl,
    isProduction,
  };
}
