import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { addOnIdSchema, addOnUnitSchema, billingCycleSchema, planIdSchema, topUpPackSchema } from "./plans";

/** What the route guard needs of a subscription. */
export const subscriptionSummarySchema = z.object({
  isActive: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const subscriptionStatusSchema = z.enum(["active", "cancelled", "ended"]);

/**
 * A parent's subscription (spec §3). `cancelled` keeps working to the end of the paid period
 * (`isActive` stays true until then); `ended` no longer grants anything.
 */
export const subscriptionSchema = subscriptionSummarySchema.extend({
  id: z.string(),
  planId: planIdSchema,
  planName: z.string(),
  billingCycle: billingCycleSchema,
  status: subscriptionStatusSchema,
  /** null for the one-time plan, which does not renew. */
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** When the next monthly credits arrive (yearly plans grant monthly); null when none will. */
  nextGrantAt: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  discountOfferedAt: z.iso.datetime().nullable(),
  discountAcceptedAt: z.iso.datetime().nullable(),
  provider: z.enum(["local", "stripe"]),
  createdAt: z.iso.datetime(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const billingErrorCodes = {
  unknownPlan: "UNKNOWN_PLAN",
  checkoutNotFound: "CHECKOUT_NOT_FOUND",
  checkoutClosed: "CHECKOUT_CLOSED",
  noSubscription: "NO_SUBSCRIPTION",
  alreadySubscribed: "ALREADY_SUBSCRIBED",
  checkoutNotPaid: "CHECKOUT_NOT_PAID",
  invoiceNotFound: "INVOICE_NOT_FOUND",
  addOnNeedsMagician: "ADD_ON_NEEDS_MAGICIAN",
  extraChildNeedsOracle: "EXTRA_CHILD_NEEDS_ORACLE",
} as const;

export const billingMessages = {
  unknownPlan: "That plan or pack does not exist.",
  checkoutNotFound: "This checkout does not exist or is not yours.",
  checkoutClosed: "This checkout is already finished. Start a new one if you still want to buy.",
  noSubscription: "You don't have an active subscription.",
  alreadySubscribed: "You already have this plan.",
  checkoutNotPaid: "The payment for this checkout hasn't gone through yet.",
  invoiceNotFound: "This invoice does not exist or is not yours.",
  addOnNeedsMagician: "Add-ons are for Magician subscribers. Choose the Magician plan first.",
  extraChildNeedsOracle:
    "Extra children come with the Oracle plan. Move to Oracle to make room for another child.",
  /** A parent whose plan sells no add-on at all: which plan sells which. */
  addOnsNeedPlan:
    "Add-ons come with a plan: Ready to print with Magician, Create video with Magician or Oracle, Extra child with Oracle.",
} as const;

/**
 * A page of the app to come back to after an add-on's checkout (the portrait it was bought from,
 * decision 0056): a path on this origin, never an address elsewhere.
 */
export const checkoutReturnPathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s\\]*$/, "Give a path of this site, starting with one slash.");

/** What to buy: a plan (by spec planId), a top-up pack or a Magician add-on. */
export const checkoutItemSchema = z.union([
  z.object({ planId: planIdSchema }),
  z.object({ topUpId: topUpPackSchema.shape.id }),
  z.object({ addOnId: addOnIdSchema, returnTo: checkoutReturnPathSchema.optional() }),
]);

export const checkoutSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(["plan", "top-up", "add-on"]),
  description: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** Images it grants (0 for an add-on, which grants `addOn.units` clips or print files instead). */
  credits: z.number().int(),
  addOn: z.object({ id: addOnIdSchema, unit: addOnUnitSchema, units: z.number().int() }).nullable(),
  status: z.enum(["open", "completed", "cancelled"]),
  provider: z.enum(["local", "stripe"]),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const createCheckoutSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/create-checkout-session",
  request: checkoutItemSchema,
  /** Where to send the browser: the local checkout page or the payment provider's. */
  response: z.object({ sessionId: z.string(), url: z.string() }),
});

/** The order behind a checkout, for the local checkout page. */
export const getCheckoutEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/checkout",
  request: z.object({ sessionId: z.string().min(1).max(100) }),
  response: checkoutSessionSchema,
});

/**
 * Spec /subscription/create: completes a checkout. The local checkout's "Pay" calls it; with Stripe
 * it confirms a paid session with Stripe (the webhook does the same, whichever comes first).
 */
export const completeCheckoutEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/create",
  request: z.object({ sessionId: z.string().min(1).max(100) }),
  response: z.object({ redirectTo: z.string(), totalCredits: z.number().int() }),
});

export const cancelCheckoutEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/checkout/cancel",
  request: z.object({ sessionId: z.string().min(1).max(100) }),
  response: z.object({ redirectTo: z.string() }),
});

/** getActiveSubscription of spec §7: the subscription or nothing. */
export const activeSubscriptionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/active",
  request: z.object({}).optional(),
  response: subscriptionSchema.nullable(),
});

/** Cancels at the end of the paid period: active → cancelled, usable until then. */
export const cancelSubscriptionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/cancel",
  request: z.object({}).optional(),
  response: subscriptionSchema,
});

/** The retention offer shown when a parent starts to cancel: whether it was shown, and taken. */
export const markDiscountEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/mark-discount",
  request: z.object({ action: z.enum(["shown", "accepted"]) }),
  response: subscriptionSchema,
});

/** The retention discount: this share off the next renewals. */
export const RETENTION_DISCOUNT = { percentOff: 30, renewals: 3 } as const;

export const billingHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  kind: z.enum(["payment", "plan-grant", "top-up", "spend", "refund", "adjustment"]),
  description: z.string(),
  /** Money, for payments (major units); null for credit movements. */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  /** Credits added (positive) or used (negative); null for payments. */
  credits: z.number().int().nullable(),
  receiptUrl: z.string().nullable(),
  /** A payment's invoice (decision 0053); null for credit movements. */
  invoice: z
    .object({
      number: z.string(),
      /** Our PDF, at a short-lived signed address (the same lifetime as private media). */
      url: z.string(),
      /** Stripe's hosted invoice page, where Stripe issued one (a subscription payment). */
      providerUrl: z.string().nullable(),
    })
    .nullable(),
});
export type BillingHistoryEntry = z.infer<typeof billingHistoryEntrySchema>;

/** Every payment and credit movement, newest first (for /account/subscription/view-history). */
export const billingHistoryEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/history",
  request: z.object({}).optional(),
  response: z.object({ entries: z.array(billingHistoryEntrySchema) }),
});

export const billingDetailsSchema = z.object({
  name: z.string().trim().min(1, "Enter the name for invoices.").max(120),
  addressLine: z.string().trim().max(200).default(""),
  city: z.string().trim().max(100).default(""),
  postalCode: z.string().trim().max(20).default(""),
  country: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, "Use the two-letter country code (GB, US, DE…).")
    .default(""),
  taxId: z.string().trim().max(40).default(""),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** Spec /subscription/edit-billing-details: `{}` reads, `{details}` saves the details on invoices. */
export const editBillingDetailsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/subscription/edit-billing-details",
  request: z.object({ details: billingDetailsSchema.optional() }).optional(),
  response: billingDetailsSchema.nullable(),
});
