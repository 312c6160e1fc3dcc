import { z } from "zod";

/** Spec §2 and §5: a child id is a positive integer written without a leading zero. */
export const childIdPattern = /^[1-9]\d*$/;

export const childIdSchema = z.number().int().positive();

export const trainingStatusSchema = z.enum(["started", "completed", "failed"]).nullable();
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

export const childSummarySchema = z.object({
  id: childIdSchema,
  trainingStatus: trainingStatusSchema,
});
export type ChildSummary = z.infer<typeof childSummarySchema>;

/** Parses a childId taken from a URL segment; null when it is not a canonical positive integer. */
export function parseChildIdSegment(segment: string | undefined): number | null {
  if (segment === undefined || !childIdPattern.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
