import type Stripe from "stripe";
import type { Env } from "./config/env";
import type { Database } from "./db/client";
import type { FaceDetector } from "./image-work/faces/face-detector";
import type { ImageWork } from "./image-work/image-work";
import type { SafetyClassifier } from "./image-work/safety/safety-classifier";
import { createAnalyticsForwarder } from "./providers/analytics";
import type { AnalyticsForwarder } from "./providers/analytics/forwarder";
import { createImageModel } from "./providers/image-model";
import type { ImageModel } from "./providers/image-model/image-model";
import { createMailer } from "./providers/mailer";
import type { Mailer } from "./providers/mailer/mailer";
import type { MailLogger } from "./providers/mailer/outbox-mailer";
import { createPayments, createStripeClientFor } from "./providers/payments";
import type { Payments } from "./providers/payments/payments";
import { createStorage } from "./providers/storage";
import type { Storage } from "./providers/storage/storage";

/** Every provider of the product, each built once and shared by the HTTP app and the worker. */
export type Providers = {
  mailer: Mailer;
  storage: Storage;
  payments: Payments;
  /** Stripe's client when payments go through Stripe; its webhook verifies and re-reads with the same one. */
  stripe: Stripe | null;
  imageModel: ImageModel;
  /** Face detection on uploads (run in the image-work pool), or null with FACE_DETECTION=off. */
  faceDetector: FaceDetector | null;
  /** Screens every photo in and portrait out (run in the image-work pool), or null with SAFETY_SCREENING=off. */
  safetyClassifier: SafetyClassifier | null;
  /** Where first-party analytics are passed on to, or null when they stay in the product. */
  analyticsForwarder: AnalyticsForwarder | null;
};

/**
 * Builds the providers the env chooses. The runtime (the composition root) calls it once; the test
 * helper calls the same function, so tests run the production wiring. A test may replace single
 * providers (a fake S3, a model that fails on purpose): whatever depends on them, such as the local
 * image model on storage, is then built from the replacement.
 */
export function buildProviders(
  env: Env,
  deps: { db: Database; logger: MailLogger; secret: string; imageWork: ImageWork },
  replace: Partial<Providers> = {},
): Providers & { close(): Promise<void> } {
  // Only a mailer built here is closed here (SMTP keeps a connection pool); a replacement is the caller's.
  const managedMailer = replace.mailer ? null : createMailer({ env, db: deps.db, logger: deps.logger });
  const mailer = replace.mailer ?? (managedMailer as Mailer);
  const storage = replace.storage ?? createStorage(env, { secret: deps.secret });
  const stripe = replace.stripe !== undefined ? replace.stripe : createStripeClientFor(env);
  return {
    mailer,
    storage,
    stripe,
    payments: replace.payments ?? createPayments(env, stripe),
    imageModel: replace.imageModel ?? createImageModel(env, { storage, imageWork: deps.imageWork }),
    faceDetector:
      replace.faceDetector !== undefined
        ? replace.faceDetector
        : env.FACE_DETECTION === "on"
          ? deps.imageWork.faceDetector
          : null,
    safetyClassifier:
      replace.safetyClassifier !== undefined
        ? replace.safetyClassifier
        : env.SAFETY_SCREENING === "on"
          ? deps.imageWork.safetyClassifier(env.SAFETY_MODEL)
          : null,
    analyticsForwarder:
      replace.analyticsForwarder !== undefined ? replace.analyticsForwarder : createAnalyticsForwarder(env),
    close: async () => managedMailer?.close(),
  };
}
