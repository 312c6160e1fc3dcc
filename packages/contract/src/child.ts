import { z } from "zod";
import { defineEndpoint } from "./endpoint";

export { childIdPattern, parseChildIdSegment } from "./rules/child-rules";

export const childIdSchema = z.number().int().positive();

export const trainingStatusSchema = z.enum(["started", "completed", "failed"]).nullable();
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

/** What the route guard needs of a child (spec §3: id and trainingStatus). */
export const childSummarySchema = z.object({
  id: childIdSchema,
  trainingStatus: trainingStatusSchema,
});
export type ChildSummary = z.infer<typeof childSummarySchema>;

/** The prompt templates speak of a boy or a girl (spec §1: placeholders for the child's gender). */
export const childGenders = ["boy", "girl"] as const;
export const childGenderSchema = z.enum(childGenders);
export type ChildGender = z.infer<typeof childGenderSchema>;

export const CHILD_MIN_AGE = 0;
export const CHILD_MAX_AGE = 17;

export const childErrorCodes = {
  childLimitReached: "CHILD_LIMIT_REACHED",
  childNotFound: "CHILD_NOT_FOUND",
} as const;

export const childMessages = {
  childLimitReached:
    "Your family already has as many children as your plan allows. On Oracle, buy an Extra child to add another.",
  childNotFound: "We couldn't find that child in this family.",
} as const;

/** Age in whole years on a given day, from an ISO birth date. */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

const birthDateSchema = z.iso.date("Enter the birth date as YYYY-MM-DD.").refine((value) => {
  const age = ageOn(value, new Date());
  return age >= CHILD_MIN_AGE && age <= CHILD_MAX_AGE;
}, `Portraits are for children from birth to ${CHILD_MAX_AGE}.`);

export const addChildRequestSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, "Enter your child's first name.")
      .max(40, "Use at most 40 characters."),
    age: z.number().int().min(CHILD_MIN_AGE).max(CHILD_MAX_AGE).optional(),
    birthDate: birthDateSchema.optional(),
    gender: childGenderSchema,
  })
  .refine((body) => body.age !== undefined || body.birthDate !== undefined, {
    message: "Enter your child's age or birth date.",
    path: ["age"],
  });

export const childSchema = childSummarySchema.extend({
  firstName: z.string(),
  age: z.number().int(),
  birthDate: z.iso.date().nullable(),
  gender: childGenderSchema,
  trainingFailureReason: z.string().nullable(),
  photoCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  /**
   * Whether the parent asking has seen this child's studio introduction (it shows once per child
   * and parent, whatever the browser; POST /api/children/studio-intro/seen records it).
   */
  studioIntroSeen: z.boolean(),
});
export type Child = z.infer<typeof childSchema>;

export const addChildEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/add",
  family: { permission: { resource: "child", action: "create" } },
  request: addChildRequestSchema,
  response: childSchema,
});

/**
 * How many children the family in the `organization-id` header may have (the most any plan of the
 * asking parent or of the family's owners allows, with the Extra children bought on Oracle; decision
 * 0051), so the add-child page can say so before the form is filled in rather than after, and
 * offer the way to more.
 */
export const childLimitEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/limit",
  family: { permission: { resource: "child", action: "create" } },
  request: z.object({}).optional(),
  response: z.object({
    childrenAllowed: z.number().int().positive(),
    /** Whether the asking parent's own plan sells the Extra child add-on now (Oracle). */
    canBuyExtraChild: z.boolean(),
  }),
});

/** getChildren of spec §7: the children of the family in the `organization-id` header. */
export const getChildrenEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/children/get",
  family: { permission: { resource: "child", action: "read" } },
  request: z.object({}).optional(),
  response: z.array(childSchema),
});
