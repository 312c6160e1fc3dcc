import { z } from "zod";
import { childIdSchema } from "./child";
import { defineEndpoint } from "./endpoint";

/**
 * Private share links of one finished portrait (issue 20, decision 0030): a parent opts in per
 * portrait ("Copy link"), anyone with the address sees that picture alone on a page of its own
 * (`/s/<token>`, served by the server, never indexed) until the link expires (`SHARE_LINK_DAYS`)
 * or someone in the family stops sharing it. At most one live link per portrait, so copying the
 * link again gives the same address. Every member who sees the gallery may share and stop sharing.
 */

/** Where the public share pages live (served by the server, not the web app). */
export const SHARE_PAGE_PREFIX = "/s/";

export const portraitShareSchema = z.object({
  imageId: z.string(),
  /** The page's full address: the token in it is the only key, so treat it like the picture itself. */
  url: z.string(),
  createdAt: z.iso.datetime(),
  /** The link stops working at this moment (unless stopped sooner). */
  expiresAt: z.iso.datetime(),
  /** The parent's words under the picture on the page; without them the page names nobody. */
  caption: z.string().nullable(),
});
export type PortraitShare = z.infer<typeof portraitShareSchema>;

/** Long enough for "Mia as an astronaut, for Grandma's birthday", short enough for one line or two. */
export const SHARE_CAPTION_MAX_LENGTH = 80;

// Letters, marks, numbers, punctuation, symbols (emoji) and spaces; no control or invisible format
// characters, which could reorder or hide what the page shows.
// The zero-width joiner is let through on its own, so emoji sequences (👨‍👩‍👧) stay whole.
const CAPTION_CHARACTERS = /^(?:[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]|\u200D)*$/u;

/**
 * The optional caption of a share page. Blank means "none" (the page then names nobody); it is
 * escaped where the page shows it, so this only keeps it short and printable.
 */
export const shareCaptionSchema = z
  .string()
  .trim()
  .max(SHARE_CAPTION_MAX_LENGTH, `Keep the caption to ${SHARE_CAPTION_MAX_LENGTH} characters or fewer.`)
  .regex(CAPTION_CHARACTERS, "The caption can hold letters, numbers, punctuation and emoji only.");

const imageRequest = z.object({ imageId: z.string().min(1).max(64) });

/**
 * The live links of a child's portraits, for the gallery's "Shared · until …" marks: one small
 * query beside the gallery's pages, so sharing or stopping changes no page of signed addresses.
 */
export const portraitSharesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/share-links",
  family: { permission: { resource: "image", action: "read" } },
  request: z.object({ childId: childIdSchema }),
  response: z.object({ shares: z.array(portraitShareSchema) }),
});

/**
 * Makes the portrait's share link, or gives the live one back (same address until it expires). A
 * caption, when sent, is set on that link (blank removes it); left out, the link's caption stays.
 */
export const sharePortraitEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/share-link",
  family: { permission: { resource: "image", action: "read" } },
  request: imageRequest.extend({ caption: shareCaptionSchema.optional() }),
  response: z.object({ share: portraitShareSchema }),
});

/** Stops sharing: the address answers "not found" from now on. Idempotent. */
export const revokePortraitShareEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/generation/share-link/revoke",
  family: { permission: { resource: "image", action: "read" } },
  request: imageRequest,
  response: z.object({ revoked: z.boolean() }),
});

/**
 * Unknown or another family's portrait: 404 IMAGE_NOT_FOUND (the studio's own). Still being made:
 * 409 IMAGE_NOT_READY (the studio's own). A preview or a failed portrait: 409 PORTRAIT_NOT_SHAREABLE.
 */
export const shareErrorCodes = {
  notShareable: "PORTRAIT_NOT_SHAREABLE",
} as const;

export const shareMessages = {
  previewNotShareable:
    "Previews can't be shared by link. Make this one with your child's model, then share the portrait.",
  failedNotShareable: "This portrait didn't work, so there's nothing to share.",
} as const;
