import { z } from "zod";
import { socialProviderSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
import { publicApiPaths } from "./rules/api-paths";

/** What the sign-in pages need to know about this deployment (no secrets). */
export const publicConfigEndpoint = defineEndpoint({
  method: "GET",
  path: publicApiPaths.config,
  request: z.undefined(),
  response: z.object({
    appName: z.string(),
    /** The social sign-in providers that are configured; the pages offer only these. */
    socialProviders: z.array(socialProviderSchema),
    /** Training photos per child and the largest file accepted. */
    photos: z.object({ min: z.number().int(), max: z.number().int(), maxMegabytes: z.number().int() }),
    /** Whether each photo must show exactly one clear face. */
    faceDetection: z.boolean(),
    /**
     * The free instant previews made while a child's model trains (decision 0029): how many, and
     * from at most how many of the child's best photos; null when this deployment makes none.
     */
    previews: z.object({ portraits: z.number().int(), referencePhotos: z.number().int() }).nullable(),
    /**
     * How long data is kept, in days: the consent agreement and the privacy policy show these very
     * numbers, which the retention jobs enforce.
     */
    retention: z.object({ trainingPhotosDays: z.number().int(), unverifiedAccountDays: z.number().int() }),
    /**
     * The operator's sample images that replace a style's or category's drawn preview: id → URL
     * (`/samples/<id>?v=…`). Only ids with a sample are listed.
     */
    samples: z.record(z.string(), z.string()),
    /** How many days a portrait's private share link works (SHARE_LINK_DAYS), for the privacy policy. */
    shareLinkDays: z.number().int(),
    /**
     * The child-safety screen (decision 0038), as the consent agreement and the privacy policy
     * describe it: whether every photo and portrait is checked (SAFETY_SCREENING), and for how many
     * days a refused or withheld picture is kept, encrypted, for an operator's review
     * (SAFETY_QUARANTINE_DAYS; 0: no copy is kept).
     */
    safety: z.object({ screening: z.boolean(), quarantineDays: z.number().int() }),
  }),
});
