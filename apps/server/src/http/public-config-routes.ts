import { type EndpointResponse, publicConfigEndpoint, type SocialProvider } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { Env } from "../config/env";
import { listStyleSamples, styleSampleUrl } from "../modules/catalogue/style-samples";
import { PREVIEW_REFERENCE_PHOTOS } from "../modules/studio/previews";
import { registerEndpoint } from "./endpoint-route";

export function configuredSocialProviders(env: Env): SocialProvider[] {
  const providers: SocialProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) providers.push("google");
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) providers.push("facebook");
  return providers;
}

export type PublicConfig = EndpointResponse<typeof publicConfigEndpoint>;

/**
 * What any visitor may know of this deployment (`/api/config`, and the same object embedded in the
 * page by web-app.ts so the first paint does not wait for it). The samples folder is read on every
 * call: a sample dropped in shows on the next page load.
 */
export function publicConfigReader(env: Env): () => Promise<PublicConfig> {
  const config = {
    appName: env.APP_NAME,
    socialProviders: configuredSocialProviders(env),
    photos: {
      min: env.PHOTOS_MIN_PER_CHILD,
      max: env.PHOTOS_MAX_PER_CHILD,
      maxMegabytes: env.PHOTO_MAX_MEGABYTES,
    },
    faceDetection: env.FACE_DETECTION === "on",
    previews:
      env.PREVIEW_PORTRAITS > 0
        ? { portraits: env.PREVIEW_PORTRAITS, referencePhotos: PREVIEW_REFERENCE_PHOTOS }
        : null,
    retention: {
      trainingPhotosDays: env.TRAINING_PHOTO_RETENTION_DAYS,
      unverifiedAccountDays: env.UNVERIFIED_ACCOUNT_RETENTION_DAYS,
    },
    shareLinkDays: env.SHARE_LINK_DAYS,
    safety: { screening: env.SAFETY_SCREENING === "on", quarantineDays: env.SAFETY_QUARANTINE_DAYS },
  };
  return async () => {
    const samples = await listStyleSamples(env.samplesDir);
    return {
      ...config,
      samples: Object.fromEntries(samples.map((sample) => [sample.id, styleSampleUrl(sample)])),
    };
  };
}

export function publicConfigRoutes(readPublicConfig: () => Promise<PublicConfig>) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, publicConfigEndpoint, readPublicConfig);
  };
}
