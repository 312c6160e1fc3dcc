import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { planIdSchema } from "./plans";

/**
 * Who pays when the signed-in parent creates in the family named by the header (decision 0050):
 * the family's plan is its owner's; everyone in the family sees its children and portraits with it;
 * spending takes the owner's credits only when the owner shares them, else the parent's own plan.
 */
export const familySpendingSchema = z.object({
  /** The family's plan (an owner's usable subscription): what lets its members look without a plan. */
  familyPlan: z.object({
    active: z.boolean(),
    planId: planIdSchema.nullable(),
    planName: z.string().nullable(),
  }),
  /** Whether you hold the family's plan yourself. */
  heldByYou: z.boolean(),
  /** The owner's choice: members may spend the family plan's credits. */
  membersMaySpend: z.boolean(),
  /** Whose credits a portrait, print or clip made here takes, or null when nothing pays. */
  payer: z.enum(["you", "family"]).nullable(),
  /** The plan that pays (its styles, watermark and prints apply), or null. */
  payingPlanId: planIdSchema.nullable(),
  /** The balance that pays: the family's when the family pays, your own when you do; null otherwise. */
  credits: z.number().int().nullable(),
  /** Why nothing pays: the owner has not shared the family's credits, or there is no plan at all. */
  blocked: z.enum(["ask-owner", "plan-required"]).nullable(),
});
export type FamilySpending = z.infer<typeof familySpendingSchema>;

export const familySpendingEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/spending",
  // Any member: it says what the caller may do here and which plan the family has.
  family: { permission: null },
  request: z.object({}).optional(),
  response: familySpendingSchema,
});

/** The owner shares (or stops sharing) the family plan's credits with the family's members. */
export const setFamilySpendingEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/spending/update",
  family: { permission: { resource: "credits", action: "share" } },
  request: z.object({ membersMaySpend: z.boolean() }),
  response: familySpendingSchema,
});
