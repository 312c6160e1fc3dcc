import { z } from "zod";
import { categoriesOfStyle } from "./catalogue";
import { defineEndpoint } from "./endpoint";

/**
 * Keepsakes (issue 33, decision 0067): a printable storybook of a child's portraits. A parent picks
 * 8 to 24 finished portraits and a title; a background job lays them out as a print-ready PDF
 * (A4 or a 21 cm square, 3 mm bleed, images at 300 dpi, fonts embedded), stored with the child's
 * files and e-mailed when ready.
 */

export const STORYBOOK_MIN_PAGES = 8;
export const STORYBOOK_MAX_PAGES = 24;
export const STORYBOOK_TITLE_MAX = 60;
export const STORYBOOK_CAPTION_MAX = 140;

export const storybookFormats = ["a4", "square"] as const;
export const storybookFormatSchema = z.enum(storybookFormats);
export type StorybookFormat = z.infer<typeof storybookFormatSchema>;

export const storybookStatuses = ["pending", "processing", "succeeded", "failed"] as const;

/** How a book was paid for: the plan's book of the month (Oracle) or a Storybook add-on. */
export const storybookPaidWith = ["plan", "add-on"] as const;

/** The caption each category gives its portraits, `{name}` being the child's first name. */
const captionsByCategory: Record<string, string> = {
  wonder: "{name} discovers a world full of wonder.",
  magic: "With a wave of the wand, {name} makes magic happen.",
  explorer: "{name} sets off to explore the unknown.",
  work: "One day, {name} will do great things.",
  animals: "{name} and the animals are the best of friends.",
  sports: "{name} plays with all their heart.",
  gaming: "Level up! {name} is ready for the next quest.",
  warriors: "Brave {name} stands tall and strong.",
  history: "{name} steps back in time.",
  cute: "Sweet {name}, as lovely as can be.",
  season: "Every season is {name}'s season.",
};
const fallbackCaption = "{name}, just as we imagined.";

/**
 * The caption a page starts with, from its style's first category other than "popular" (a style
 * listed in several is described by the first); the parent may rewrite it before the book is made.
 */
export function defaultStorybookCaption(styleId: string, childName: string): string {
  const category = categoriesOfStyle(styleId).find(({ id }) => id !== "popular");
  const template = (category && captionsByCategory[category.id]) ?? fallbackCaption;
  return template.replaceAll("{name}", childName);
}

export const storybookSchema = z.object({
  id: z.string(),
  childId: z.number().int(),
  title: z.string(),
  format: storybookFormatSchema,
  /** Portrait pages (the cover and the closing page come on top). */
  portraitCount: z.number().int(),
  status: z.enum(storybookStatuses),
  /** 0–100 while pending or processing. */
  progress: z.number().int().min(0).max(100),
  paidWith: z.enum(storybookPaidWith),
  /** A signed address that expires (never store it); null until the PDF exists. */
  downloadUrl: z.string().nullable(),
  /** The PDF's size in bytes once made. */
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Storybook = z.infer<typeof storybookSchema>;

export const storybookAllowanceSchema = z.object({
  /** Books the plan makes a month (Oracle: 1), and how many are left this calendar month (UTC). */
  perMonth: z.number().int().nonnegative(),
  leftThisMonth: z.number().int().nonnegative(),
  /** Books bought with the Storybook add-on and not made yet. */
  purchased: z.number().int().nonnegative(),
});
export type StorybookAllowance = z.infer<typeof storybookAllowanceSchema>;

export const createStorybookRequestSchema = z.object({
  childId: z.number().int().positive(),
  title: z.string().trim().min(1).max(STORYBOOK_TITLE_MAX),
  format: storybookFormatSchema,
  /**
   * The portraits in page order, each with its caption (the default one when left out). The page
   * count is checked by the server, which answers STORYBOOK_TOO_FEW_PAGES / _TOO_MANY_PAGES.
   */
  pages: z
    .array(
      z.object({
        imageId: z.string().min(1).max(64),
        caption: z.string().trim().max(STORYBOOK_CAPTION_MAX).optional(),
      }),
    )
    .max(100),
});
export type CreateStorybookRequest = z.infer<typeof createStorybookRequestSchema>;

/** Orders a storybook: answers at once (a background job makes the PDF) with what is left. */
export const createStorybookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/storybooks",
  family: { permission: { resource: "image", action: "generate" } },
  request: createStorybookRequestSchema,
  response: z.object({ storybook: storybookSchema, allowance: storybookAllowanceSchema }),
});

/** A child's books, newest first, with what the acting parent may still make. */
export const storybooksEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/storybooks/list",
  family: { permission: { resource: "image", action: "read" } },
  request: z.object({ childId: z.number().int().positive() }),
  response: z.object({ storybooks: z.array(storybookSchema), allowance: storybookAllowanceSchema }),
});

export const storybookErrorCodes = {
  tooFewPages: "STORYBOOK_TOO_FEW_PAGES",
  tooManyPages: "STORYBOOK_TOO_MANY_PAGES",
  samePortraitTwice: "STORYBOOK_SAME_PORTRAIT_TWICE",
  portraitNotInBook: "STORYBOOK_PORTRAIT_UNAVAILABLE",
  notIncluded: "STORYBOOK_NOT_INCLUDED",
  addOnNeeded: "STORYBOOK_ADD_ON_NEEDED",
  allowanceUsed: "STORYBOOK_ALLOWANCE_USED",
} as const;

export const storybookMessages = {
  tooFewPages: `A storybook needs at least ${STORYBOOK_MIN_PAGES} portraits. Pick a few more.`,
  tooManyPages: `A storybook holds at most ${STORYBOOK_MAX_PAGES} portraits. Leave a few out.`,
  samePortraitTwice: "Each portrait can be in the book once.",
  portraitNotInBook:
    "One of these portraits is not a finished portrait of this child any more (deleted or still being made). Pick again.",
  notIncluded: "Storybooks come with the Magician and Oracle plans. Choose one of them to make a book.",
  addOnNeeded: "Each storybook is made with a Storybook add-on. Add one from Billing to make this book.",
  allowanceUsed: "You have made this month's storybook. The Storybook add-on brings another one right away.",
  failed: "We couldn't make this storybook. Nothing was spent: it was given back.",
  portraitDeleted: "A portrait in this book was deleted while the book was being made. Nothing was spent.",
} as const;
