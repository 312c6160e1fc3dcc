import type PgBoss from "pg-boss";
import type { Providers } from "./build-providers";
import type { Env } from "./config/env";
import type { Database } from "./db/client";
import type { ImageWork } from "./image-work/image-work";
import type { JobDeps } from "./job-registry";
import { type Auth, createAuth } from "./modules/auth/better-auth/create-auth";
import { verifyPassword } from "./modules/auth/better-auth/password-hashing";
import type { IdentityDeps } from "./modules/auth/identity-deps";
import type { BillingMailDeps } from "./modules/billing/billing-deps";
import { invoiceSettingsOf } from "./modules/billing/invoice-settings";
import { createPersonalFamily } from "./modules/families/create-personal-family";
import type { FamilyDeps } from "./modules/families/family-deps";
import { familyPictureVersion, saveFamilyPicture } from "./modules/families/family-picture";
import type { KeepsakeDeps, SeriesReminderDeps } from "./modules/keepsakes";
import type { PhotoDeps } from "./modules/photos/photo-deps";
import { uploadPhoto } from "./modules/photos/upload-photo";
import type { PrivacyDeps } from "./modules/privacy/privacy-deps";
import type { SafetyDeps } from "./modules/safety/safety-deps";
import { createSafetyScreen, type SafetyScreen } from "./modules/safety/safety-screen";
import { requestPreviews } from "./modules/studio/previews";
import { storePortrait } from "./modules/studio/rendering";
import type { StudioDeps } from "./modules/studio/studio-deps";

/** What the domain is built from: everything the composition root opened or chose. */
export type DomainInput = {
  env: Env;
  db: Database;
  /** The server's secret: Better Auth's, and the key of media links and deletion receipts. */
  secret: string;
  providers: Omit<Providers, "stripe">;
  /** CPU-bound image work (photo checks, face detection, files) in a thread pool. */
  imageWork: ImageWork;
  /** The job queue the domain sends its jobs to. */
  boss: PgBoss;
  /** Where problems that must not fail a request or a job are reported (an undeliverable e-mail). */
  logger: { warn(obj: object, msg: string): void };
  /** Tells a worker in this process that a job was just sent (ROLE=all), so it starts at once. */
  wakeWorker?: ((queueName: string) => void) | undefined;
  /** Records each safety check (metrics), when the process keeps metrics. */
  observeSafetyCheck?: SafetyScreen["observe"] | undefined;
};

/** Every deps object of the domain: the HTTP routes take theirs from here, the worker `jobDeps`. */
export type Domain = {
  auth: Auth;
  /** The child-safety screen (decision 0038), shared by uploads and renders. */
  safety: SafetyScreen;
  identity: IdentityDeps;
  families: FamilyDeps;
  photos: PhotoDeps;
  studio: StudioDeps;
  privacy: PrivacyDeps;
  billing: BillingMailDeps;
  /** Storybooks and yearly series: the studio's deps, plus the secret that signs unsubscribe links. */
  keepsakes: KeepsakeDeps & SeriesReminderDeps;
  /** What the worker hands every job. */
  jobDeps: JobDeps;
};

/**
 * The one place the domain's dependencies are built, for the runtime (its app and its worker) and
 * for the tests alike, so what is tested is what runs: only the providers and the env given differ.
 * Modules never import one another's internals to reach a neighbour; what one needs of another
 * (the personal family made at sign-up, the password check, the previews asked for at the photo
 * minimum, the delivery of a picture released from the safety screen) is wired here.
 */
export function composeDomain(input: DomainInput): Domain {
  const { env, db, secret, providers, imageWork, boss, logger, wakeWorker } = input;
  const { mailer, storage, payments, imageModel, faceDetector } = providers;
  const auth = createAuth({
    db,
    env,
    secret,
    mailer,
    logger,
    // Every parent starts with a family of their own, whichever way they signed up.
    onUserCreated: async (user) => {
      await createPersonalFamily(db, user);
    },
  });
  const safety = createSafetyScreen(env, {
    classifier: providers.safetyClassifier,
    secret,
    logger,
    observe: input.observeSafetyCheck,
  });
  const identity: IdentityDeps = { db, auth, mailer, checkPassword: verifyPassword, env };
  const families: FamilyDeps = {
    ...identity,
    mediaSecret: secret,
    mediaTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
    storage,
    safety,
    imageModel,
    boss,
  };
  const photos: PhotoDeps = {
    db,
    storage,
    limits: {
      min: env.PHOTOS_MIN_PER_CHILD,
      max: env.PHOTOS_MAX_PER_CHILD,
      maxBytes: env.PHOTO_MAX_MEGABYTES * 1024 * 1024,
    },
    imageWork,
    faceDetector,
    safety,
    faceMatchThreshold: env.FACE_MATCH_THRESHOLD,
    // The upload that reaches the minimum asks for the child's instant previews (photos never
    // imports the studio).
    onMinimumReached: (tx, options) => requestPreviews(tx, { boss }, options),
  };
  const studio: StudioDeps = {
    db,
    storage,
    mailer,
    imageModel,
    imageWork,
    faceDetector,
    safety,
    boss,
    env,
    wakeWorker,
  };
  const privacy: PrivacyDeps = { ...studio, env, payments, secret, checkPassword: verifyPassword, logger };
  const keepsakes = { ...studio, secret };
  const billing: BillingMailDeps = {
    db,
    mailer,
    env,
    logger,
    invoicing: invoiceSettingsOf(env),
    invoiceLinks: { secret, ttlSeconds: env.MEDIA_URL_TTL_SECONDS },
  };
  // A released picture is delivered by the module that owns it; those modules call the safety
  // screen, so safety takes their writers as values rather than importing them back.
  const safetyDeps: SafetyDeps = {
    db,
    storage,
    safety,
    deliver: {
      storePortrait: (row, picture, update) => storePortrait(studio, row, picture, update),
      uploadPhoto: (photo) => uploadPhoto(photos, photo),
      setFamilyPicture: (familyId, webp) =>
        saveFamilyPicture(db, { familyId, picture: { webp, version: familyPictureVersion(webp) } }),
    },
  };
  const jobDeps: JobDeps = {
    db,
    analyticsForwarder: providers.analyticsForwarder,
    studio,
    keepsakes,
    privacy,
    safety: safetyDeps,
    billing,
  };
  return { auth, safety, identity, families, photos, studio, privacy, billing, keepsakes, jobDeps };
}
