import { z } from "zod";
import { childIdSchema, trainingStatusSchema } from "./child";
import { defineEndpoint } from "./endpoint";

/**
 * The magic studio (spec §1, §4, §7): training a child's image model, generating portraits with
 * credits, and the gallery. Every endpoint acts for the family in the `organization-id` header.
 */

/** Credits one portrait costs (spec §9 leaves it to us). */
export const GENERATION_CREDIT_COST = 1;
/** Portraits one click may ask for. */
export const GENERATION_MAX_COUNT = 4;
export const GALLERY_PAGE_SIZE = 24;

export const generatedImageStatuses = ["pending", "processing", "succeeded", "failed"] as const;
export const generatedImageStatusSchema = z.enum(generatedImageStatuses);
export type GeneratedImageStatus = z.infer<typeof generatedImageStatusSchema>;

/**
 * `portrait`: made with the child's trained model, for credits. `preview`: made free from a few of
 * the child's best photos while the model trains (watermarked "Preview"); once training is done the
 * studio offers to make it again with the child's model (POST /api/generation/regenerate).
 */
export const generatedImageKinds = ["portrait", "preview"] as const;
export const generatedImageKindSchema = z.enum(generatedImageKinds);
export type GeneratedImageKind = z.infer<typeof generatedImageKindSchema>;

export const generatedImageSchema = z.object({
  id: z.string(),
  kind: generatedImageKindSchema,
  childId: childIdSchema,
  styleId: z.string(),
  status: generatedImageStatusSchema,
  /** 0–100 while pending or processing. */
  progress: z.number().int().min(0).max(100),
  /**
   * While it waits for a free renderer: how many portraits (of every family) go before it, 0 when
   * it is next. Null once it is being made, made or failed.
   */
  queuePosition: z.number().int().min(0).nullable(),
  /**
   * About how many seconds until it is ready, from the render times measured on this server;
   * null once it is finished (or when nothing has been measured yet and nothing is known).
   */
  estimatedSeconds: z.number().int().min(0).nullable(),
  /**
   * The portrait's one signed address, which expires (never store it); null until the portrait
   * exists. It answers every size of the picture: as is, the full picture; with `size=thumbnail`,
   * a WebP PORTRAIT_THUMBNAIL_WIDTH pixels wide; with `download=<name>`, the full picture as a
   * file. Build them with portraitPictureUrl and portraitDownloadUrl (decision 0065).
   */
  url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  watermarked: z.boolean(),
  /** Why it failed, for the parent; its credits were given back. */
  error: z.string().nullable(),
  requestedByUserId: z.string().nullable(),
  regeneratedFromId: z.string().nullable(),
  /**
   * The likeness check of a finished portrait against the child's face: `passed` (the gallery says
   * "Looks like Mia"), `unlike` (it failed twice, was not delivered and its credit went back), or
   * null when no check ran (face checks off on this server, or still rendering).
   */
  likeness: z.enum(["passed", "unlike"]).nullable(),
  /** Marked a favourite by a parent of the family (one mark the whole family shares). */
  favourite: z.boolean(),
  /** Its A4 print file is made: printing it again opens that file and spends nothing (decision 0056). */
  printed: z.boolean(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

// The sizes of a portrait's picture and its one address (decision 0065), without zod.
export * from "./rules/portrait-pictures";

const childRequest = z.object({ childId: childIdSchema });
const imageRequest = z.object({ imageId: z.string().min(1).max(64) });

export const trainingStateSchema = z.object({
  childId: childIdSchema,
  status: trainingStatusSchema,
  /** 0–100 while started. */
  progress: z.number().int().min(0).max(100),
  failureReason: z.string().nullable(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
});
export type TrainingState = z.infer<typeof trainingStateSchema>;

/** Starts (or, after a failure, retries) the child's training once enough photos are in. */
export const startTrainingEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/training/start",
  family: { permission: { resource: "training", action: "start" } },
  request: childRequest,
  response: trainingStateSchema,
});

/** isTrainingCompleted of spec §7. */
export const trainingCompletedEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/training/completed",
  family: { permission: { resource: "child", action: "read" } },
  request: childRequest,
  response: z.object({ completed: z.boolean() }),
});

export const trainingStatusEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/training/status",
  family: { permission: { resource: "child", action: "read" } },
  request: childRequest,
  response: trainingStateSchema,
});

/** Asks the provider for the real state and settles the training: the cure for a lost webhook. */
export const manualTrainingCompletionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/manual-training-completion",
  family: { permission: { resource: "child", action: "read" } },
  request: childRequest,
  response: trainingStateSchema,
});

export const generateRequestSchema = z.object({
  childId: childIdSchema,
  styleId: z.string().min(1).max(64),
  count: z.number().int().min(1).max(GENERATION_MAX_COUNT).default(1),
});

/**
 * Whose balance paid (decision 0050): `balance` is the parent's own after a spend of theirs, the
 * family's when its owner's shared credits paid.
 */
export const paidBySchema = z.enum(["you", "family"]);

/** Spends the credits and answers at once with the pending portraits. */
export const generateEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/generate",
  family: { permission: { resource: "image", action: "generate" } },
  request: generateRequestSchema,
  response: z.object({
    images: z.array(generatedImageSchema),
    balance: z.number().int(),
    paidBy: paidBySchema,
  }),
});

/** The same style with a new seed, for the same price. */
export const regenerateEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/regenerate",
  family: { permission: { resource: "image", action: "generate" } },
  request: imageRequest,
  response: z.object({ image: generatedImageSchema, balance: z.number().int(), paidBy: paidBySchema }),
});

export const predictionStatusEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/prediction/status",
  family: { permission: { resource: "image", action: "read" } },
  request: z.object({ imageIds: z.array(z.string().min(1).max(64)).min(1).max(50) }),
  response: z.object({ images: z.array(generatedImageSchema) }),
});

/**
 * A generation the page saw fail or stall: the server checks with the provider, and if it did fail
 * (or is stuck past its deadline) refunds it, records the error and e-mails the parent. Idempotent.
 */
export const regenerateErrorEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/regenerate-error",
  family: { permission: { resource: "image", action: "read" } },
  request: imageRequest,
  response: z.object({ image: generatedImageSchema, balance: z.number().int() }),
});

/** Spec §7 /email/regeneration-error: tells the parent a portrait failed (once per portrait). */
export const regenerationErrorEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/email/regeneration-error",
  family: { permission: { resource: "image", action: "read" } },
  request: imageRequest,
  response: z.object({ sent: z.boolean() }),
});

/**
 * What the gallery may be narrowed to: one style, or the favourites. A filtered gallery lists the
 * child's portraits only (the free previews have their own strip).
 */
export const galleryFilterSchema = z.union([
  z.object({ styleId: z.string().min(1).max(64) }),
  z.object({ favourites: z.literal(true) }),
]);
export type GalleryFilter = z.infer<typeof galleryFilterSchema>;

export const generatedImagesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/generated-images",
  family: { permission: { resource: "image", action: "read" } },
  request: z.object({
    childId: childIdSchema,
    /** The `nextCursor` of the previous page (of the same filter). */
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(100).default(GALLERY_PAGE_SIZE),
    /** Absent: every portrait and preview. */
    filter: galleryFilterSchema.optional(),
  }),
  response: z.object({ images: z.array(generatedImageSchema), nextCursor: z.string().nullable() }),
});

/**
 * The gallery's filters with what each would show: every style present among the child's portraits
 * (most first, then by id) and how many are favourites. Counts what the filtered listing lists.
 */
export const galleryFiltersSchema = z.object({
  portraits: z.number().int().nonnegative(),
  favourites: z.number().int().nonnegative(),
  styles: z.array(z.object({ styleId: z.string(), count: z.number().int().positive() })),
});
export type GalleryFilters = z.infer<typeof galleryFiltersSchema>;

export const galleryFiltersEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/generated-images/filters",
  family: { permission: { resource: "image", action: "read" } },
  request: childRequest,
  response: galleryFiltersSchema,
});

/**
 * Marks a finished portrait (or preview) as a favourite of the family, or unmarks it; saying the
 * same twice changes nothing. Every member who sees the gallery may.
 */
export const setFavouriteEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/generated-images/favourite",
  family: { permission: { resource: "image", action: "read" } },
  request: z.object({ imageId: z.string().min(1).max(64), favourite: z.boolean() }),
  response: z.object({ image: generatedImageSchema }),
});

/**
 * The parent asking has seen the child's studio introduction: it is not shown to them again for
 * this child, in any browser. Idempotent (the first time is kept).
 */
export const studioIntroSeenEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/studio-intro/seen",
  family: { permission: { resource: "child", action: "read" } },
  request: childRequest,
  response: z.object({ seen: z.literal(true) }),
});

export const deleteGeneratedImageEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/delete-generated-image",
  family: { permission: { resource: "image", action: "delete-own" } },
  request: imageRequest,
  response: z.object({ deleted: z.literal(true) }),
});

/**
 * An A4 300-dpi file of a finished portrait: from the plan's monthly ready-to-print files first, then
 * from those bought with the Ready to print add-on (decision 0033).
 */
export const printImageEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/print",
  family: { permission: { resource: "image", action: "read" } },
  request: imageRequest,
  response: z.object({
    url: z.string(),
    /** Prints left this month after this one (already-printed portraits are free to fetch again). */
    remainingThisMonth: z.number().int().nonnegative(),
    /** Ready-to-print files bought with the add-on and not used yet (used once the month's are). */
    purchasedLeft: z.number().int().nonnegative(),
  }),
});

/**
 * The child's free previews: `none` (not made: too few photos yet, or the month's previews are used),
 * `making` (some still rendering), `ready`, or `unavailable` (the preview service failed; the parent
 * sees only that, and training is not affected). Failed previews are never listed.
 */
export const previewSetStatuses = ["none", "making", "ready", "unavailable"] as const;
export const previewsSchema = z.object({
  status: z.enum(previewSetStatuses),
  images: z.array(generatedImageSchema),
  /** The previews come with the "studio ready" e-mail (the parent asked for it). */
  byEmail: z.boolean(),
  /** How many more times a preview of the latest set may be swapped for another style. */
  swapsLeft: z.number().int().min(0),
});
export type Previews = z.infer<typeof previewsSchema>;

export const previewsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/previews",
  family: { permission: { resource: "child", action: "read" } },
  request: childRequest,
  response: previewsSchema,
});

/** Whether the previews come with the "studio ready" e-mail (sent to whoever started training). */
export const previewsByEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/previews/email",
  family: { permission: { resource: "training", action: "start" } },
  request: z.object({ childId: childIdSchema, byEmail: z.boolean() }),
  response: z.object({ byEmail: z.boolean() }),
});

/**
 * Swaps a finished (or failed) preview for one in another style the plan unlocks, while the child's
 * model trains: the old preview goes, a new one is made, free. A set allows as many swaps as it
 * has previews.
 */
export const swapPreviewStyleEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/previews/swap",
  family: { permission: { resource: "image", action: "generate" } },
  request: z.object({ imageId: z.string().min(1).max(64), styleId: z.string().min(1).max(64) }),
  response: previewsSchema,
});

export const studioErrorCodes = {
  notEnoughPhotos: "TRAINING_NEEDS_PHOTOS",
  trainingInProgress: "TRAINING_IN_PROGRESS",
  alreadyTrained: "TRAINING_ALREADY_COMPLETED",
  trainingNotCompleted: "TRAINING_NOT_COMPLETED",
  planRequired: "PLAN_REQUIRED",
  styleNotFound: "STYLE_NOT_FOUND",
  styleLocked: "STYLE_LOCKED",
  imageNotFound: "IMAGE_NOT_FOUND",
  imageNotYours: "IMAGE_NOT_YOURS",
  imageNotReady: "IMAGE_NOT_READY",
  printNotIncluded: "PRINT_NOT_INCLUDED",
  printAllowanceUsed: "PRINT_ALLOWANCE_USED",
  photosOfDifferentPeople: "TRAINING_PHOTOS_DIFFERENT_PEOPLE",
  adultQuestionsOpen: "TRAINING_ADULT_QUESTIONS_OPEN",
  previewSwapsUsed: "PREVIEW_SWAPS_USED",
  previewStillMaking: "PREVIEW_STILL_MAKING",
  previewAfterTraining: "PREVIEW_AFTER_TRAINING",
  previewStyleTaken: "PREVIEW_STYLE_TAKEN",
  familySuspended: "FAMILY_SUSPENDED",
} as const;

export const studioMessages = {
  notEnoughPhotos: "Upload at least {min} photos of your child before training starts.",
  trainingInProgress: "Training is already running for this child.",
  alreadyTrained: "This child's studio is already trained.",
  trainingNotCompleted: "The studio opens once training has finished.",
  planRequired: "Choose a plan to create portraits.",
  styleNotFound: "We don't know that style.",
  styleLocked: "This style is part of the exclusive packs of the Oracle plan.",
  imageNotFound: "We couldn't find that portrait.",
  imageNotYours: "Only the parent who created this portrait, or a family admin, can delete it.",
  imageNotReady: "This portrait isn't finished yet.",
  printNotIncluded:
    "Ready-to-print files come with the Oracle plan, or with the Ready to print add-on of the Magician plan.",
  printAllowanceUsed:
    "You've used this month's ready-to-print files. More arrive with your next month, or with the Ready to print add-on.",
  generationFailed: "We couldn't create this portrait. Your credit was given back.",
  /** `details.photoIds` names the photos to remove. */
  photosOfDifferentPeople:
    "Some photos look like a different person than {name}. Remove the marked photos, then start training.",
  /** `details.photoIds` names the photos still asking "is it {name}?" (decision 0058). */
  adultQuestionsOpen:
    "Some photos look like an adult. Tell us whether each one is {name} (keep it) or remove it, then start training.",
  unlike: "This portrait didn't look enough like {name}, so we gave your credit back.",
  /** A portrait the child-safety screen withheld twice (decision 0038): never stored or shown. */
  withheld:
    "This portrait didn't pass our automatic safety check, so we don't show it. Your credit was given back.",
  familySuspended:
    "Creating portraits is paused for this family while our team reviews it. Please contact support.",
  previewsUnavailable: "Previews are unavailable right now.",
  previewSwapsUsed: "You've changed these previews' styles as often as a set allows.",
  previewStillMaking: "This preview is still being made. Try again in a moment.",
  previewAfterTraining:
    "Training has finished: make this style with {name}'s own model in the studio instead.",
  previewStyleTaken: "There's already a preview in this style.",
  /** Recorded on a failed preview (never shown: failed previews are not listed). */
  previewFailed: "The preview could not be made.",
} as const;

/**
 * `details` of TRAINING_PHOTOS_DIFFERENT_PEOPLE (the photos that do not show the child) and of
 * TRAINING_ADULT_QUESTIONS_OPEN (the adult-looking photos the parent has not answered for).
 */
export const differentPeopleDetailsSchema = z.object({ photoIds: z.array(z.string()) });
