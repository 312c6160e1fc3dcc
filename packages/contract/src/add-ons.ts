import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { planAddOnSchema } from "./plans";

/**
 * The Magician add-ons once bought (decision 0033): the parent's ready-to-print files and video clips
 * left, and the short animated clip ("Create video") made of a finished portrait.
 */

/** A clip: this many frames a second, for this long, at most this many pixels on the long side. */
export const VIDEO_FPS = 12;
export const VIDEO_SECONDS = 3;
export const VIDEO_LONG_SIDE = 720;

export const addOnsStateSchema = z.object({
  currency: z.string(),
  /**
   * Whether this parent may buy add-ons now (a usable plan that sells some: Magician's, Oracle's);
   * `reason` says why not.
   */
  canBuy: z.boolean(),
  reason: z.string().nullable(),
  addOns: z.array(planAddOnSchema),
  /**
   * Units bought and not yet used; they never expire. `child`: extra children bought, which make
   * room in the family while the plan is Oracle (decision 0051).
   */
  balances: z.object({
    video: z.number().int().nonnegative(),
    print: z.number().int().nonnegative(),
    child: z.number().int().nonnegative(),
    /** Storybooks bought with the Storybook add-on (decision 0067). */
    book: z.number().int().nonnegative(),
  }),
  /** The plan's own ready-to-print files a month (Oracle: 10) and how many are left this month. */
  planPrints: z.object({
    perMonth: z.number().int().nonnegative(),
    leftThisMonth: z.number().int().nonnegative(),
  }),
});
export type AddOnsState = z.infer<typeof addOnsStateSchema>;

/** The add-ons this parent may buy and what is left of the ones bought. Per parent, not per family. */
export const addOnsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/add-ons",
  request: z.object({}).optional(),
  response: addOnsStateSchema,
});

export const portraitVideoStatuses = ["pending", "processing", "succeeded", "failed"] as const;

export const portraitVideoSchema = z.object({
  id: z.string(),
  imageId: z.string(),
  status: z.enum(portraitVideoStatuses),
  /** 0–100 while pending or processing. */
  progress: z.number().int().min(0).max(100),
  /** Signed addresses that expire (never store them); null until the clip exists. */
  url: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  /** `video/mp4` (H.264); `image/webp` (animated) for clips made before MP4 (decision 0057). */
  contentType: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  frames: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why it failed, for the parent; its video credit was given back. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type PortraitVideo = z.infer<typeof portraitVideoSchema>;

/**
 * Turns a finished portrait into a short animated clip, for one video credit of the acting parent.
 * Answers at once (the clip is made by a background job); asking again for a portrait whose clip is
 * made or being made answers that one and spends nothing.
 */
export const createVideoEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/video",
  family: { permission: { resource: "image", action: "generate" } },
  request: z.object({ imageId: z.string().min(1).max(64) }),
  response: z.object({ video: portraitVideoSchema, videosLeft: z.number().int().nonnegative() }),
});

/** The clips of these portraits (the latest of each; portraits without one are left out). */
export const videoStatusEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/video/status",
  family: { permission: { resource: "image", action: "read" } },
  request: z.object({ imageIds: z.array(z.string().min(1).max(64)).min(1).max(50) }),
  response: z.object({ videos: z.array(portraitVideoSchema) }),
});

export const addOnErrorCodes = {
  videoCreditsNeeded: "VIDEO_CREDITS_NEEDED",
  videoNotForPreview: "VIDEO_NOT_FOR_PREVIEW",
} as const;

export const addOnMessages = {
  videoCreditsNeeded:
    "You have no video clips left. The Create video add-on of the Magician plan brings more.",
  videoNotForPreview:
    "Previews can't be turned into videos. Make the portrait with your child's model first.",
  videoFailed: "We couldn't make this video. Your video credit was given back.",
} as const;
