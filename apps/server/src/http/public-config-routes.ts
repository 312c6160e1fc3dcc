import { publicConfigEndpoint, type SocialProvider } from "@wonderkin/contract";
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

export function publicConfigRoutes(env: Env) {
  return async (app: FastifyInstance) => {
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
    };
    // The samples folder is read per request: a sample dropped in shows on the next page load.
    registerEndpoint(app, publicConfigEndpoint, async () => {
      const samples = await listStyleSamples(env.samplesDir);
      return {
        ...config,
        samples: Object.fromEntries(samples.map((sample) => [sample.id, styleSampleUrl(sample)])),
      };
    });
  };
}
