import type { PublicConfig } from "@/lib/public-config";

/** A deployment's public configuration, as the server embeds it in the page. */
export const deploymentConfig: PublicConfig = {
  appName: "Starling",
  socialProviders: ["google"],
  photos: { min: 10, max: 30, maxMegabytes: 15 },
  faceDetection: true,
  previews: { portraits: 4, referencePhotos: 3 },
  retention: { trainingPhotosDays: 21, unverifiedAccountDays: 14 },
  samples: {},
  shareLinkDays: 7,
  safety: { screening: true, quarantineDays: 0 },
};
