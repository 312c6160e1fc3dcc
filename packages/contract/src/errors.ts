import { z } from "zod";

/** Every error the API returns has this shape, whatever produced it. */
export const apiErrorSchema = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  message: z.string().min(1),
  details: z.unknown().optional(),
  /** The seconds of the Retry-After header sent with it, for a page to say when to try again. */
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Field-level details attached to VALIDATION_FAILED errors. */
export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

// The shared codes live with the zod-free rules, so the app shell can read them without zod.
export { commonErrorCodes } from "./rules/error-codes";
