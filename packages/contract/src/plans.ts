import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { plans as planList } from "./rules/plans-data";

/*
 * The plans of spec §9, word for word, with the prices we chose (the spec leaves price and
 * currency open). Everything a plan unlocks is here too: the other capabilities read it from this
 * one source.
 */

export { PRICE_CURRENCY } from "./rules/plans-data";

export const billingCycles = ["one-time", "monthly", "yearly"] as const;
export const billingCycleSchema = z.enum(billingCycles);
export type BillingCycle = z.infer<typeof billingCycleSchema>;

export const planIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type PlanId = z.infer<typeof planIdSchema>;

export const planFeatureSchema = z.object({ value: z.string(), comingSoon: z.boolean().optional() });
/**
 * The add-ons of spec §9, bought once on top of a plan that sells them. Magician's (decision 0033):
 * "Ready to print" adds ready-to-print A4 files, "Create video" adds short animated clips of
 * finished portraits; what one purchase gives never expires, like top-up credits. Oracle's "Extra
 * child" (decision 0051) makes room for one more child in the family while the plan is Oracle.
 */
export const addOnIds = ["create-video", "ready-to-print", "extra-child", "storybook"] as const;
export const addOnIdSchema = z.enum(addOnIds);
export type AddOnId = z.infer<typeof addOnIdSchema>;
/** What an add-on's units are: video clips, ready-to-print A4 files, room for one more child or storybooks. */
export const addOnUnits = ["video", "print", "child", "book"] as const;
export const addOnUnitSchema = z.enum(addOnUnits);
export type AddOnUnit = z.infer<typeof addOnUnitSchema>;

export const planAddOnSchema = z.object({
  id: addOnIdSchema,
  value: z.string(),
  price: z.number(),
  unit: addOnUnitSchema,
  /** How many units one purchase gives. */
  units: z.number().int().positive(),
  /** What one purchase gives, in a few words ("5 animated clips of your portraits"). */
  grants: z.string(),
});
export type PlanAddOn = z.infer<typeof planAddOnSchema>;

export { EXTRA_CHILD_ADD_ON_UNITS, PRINT_ADD_ON_UNITS, VIDEO_ADD_ON_UNITS } from "./rules/plans-data";
export const planVariantSchema = z.object({
  planId: planIdSchema,
  billingCycle: billingCycleSchema,
  /** In PRICE_CURRENCY, major units (14.99). */
  price: z.number().positive(),
  /** Images (credits) granted per month, or once for a one-time plan. */
  creditsPerGrant: z.number().int().positive(),
});
export type PlanVariant = z.infer<typeof planVariantSchema>;

export const planEntitlementsSchema = z.object({
  childrenAllowed: z.number().int().positive(),
  /** `core`: the core categories; `all`: the exclusive packs too. */
  categories: z.enum(["core", "all"]),
  watermark: z.boolean(),
  readyToPrintPerMonth: z.number().int().nonnegative(),
  storybooksPerMonth: z.number().int().nonnegative(),
  faceUpdatesPerYear: z.number().int().nonnegative(),
});
export type PlanEntitlements = z.infer<typeof planEntitlementsSchema>;

export const planSchema = z.object({
  key: z.enum(["alchemist", "magician", "oracle"]),
  name: z.string(),
  description: z.string(),
  isPopular: z.boolean(),
  features: z.array(planFeatureSchema),
  addOns: z.array(planAddOnSchema),
  variants: z.array(planVariantSchema),
  entitlements: planEntitlementsSchema,
});
export type Plan = z.infer<typeof planSchema>;

/**
 * The plans themselves are plain data in the zod-free entry (./rules/plans-data.ts), which the
 * landing page shows without zod (decision 0036); plans.test.ts parses every one with planSchema.
 */
export const plans: readonly Plan[] = planList;

/** The plan and variant of a planId, or null. */
export function findPlanVariant(planId: number): { plan: Plan; variant: PlanVariant } | null {
  for (const plan of plans) {
    const variant = plan.variants.find((candidate) => candidate.planId === planId);
    if (variant) return { plan, variant };
  }
  return null;
}

/** The add-on of an id and the plan that sells it, or null. */
export function findAddOn(id: string): { plan: Plan; addOn: PlanAddOn } | null {
  for (const plan of plans) {
    const addOn = plan.addOns.find((candidate) => candidate.id === id);
    if (addOn) return { plan, addOn };
  }
  return null;
}

export const topUpPackSchema = z.object({
  id: z.enum(["top-up-20", "top-up-60", "top-up-150"]),
  credits: z.number().int().positive(),
  price: z.number().positive(),
});
export type TopUpPack = z.infer<typeof topUpPackSchema>;

/** Extra credits that never expire, bought on top of any plan. */
export const topUpPacks: readonly TopUpPack[] = [
  { id: "top-up-20", credits: 20, price: 4.99 },
  { id: "top-up-60", credits: 60, price: 12.99 },
  { id: "top-up-150", credits: 150, price: 29.99 },
];

export const plansEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/plans",
  request: z.object({}).optional(),
  response: z.object({ currency: z.string(), plans: z.array(planSchema) }),
});

export const topUpCreditPlansEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/top-up-credit-plans",
  request: z.object({}).optional(),
  response: z.object({ currency: z.string(), packs: z.array(topUpPackSchema) }),
});

/** getUserCredits of spec §7. */
export const userCreditsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/credits",
  request: z.object({}).optional(),
  response: z.object({ totalCredits: z.number().int() }),
});

export const creditErrorCodes = { insufficientCredits: "INSUFFICIENT_CREDITS" } as const;
export const creditMessages = {
  insufficientCredits: "You've used all your credits. Please purchase more to continue.",
} as const;
