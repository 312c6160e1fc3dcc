import type Stripe from "stripe";
import type { Env } from "../../config/env";
import { createLocalPayments } from "./local-payments";
import type { Payments } from "./payments";
import { createStripeClient, createStripePayments } from "./stripe-payments";

/** The Stripe client the env configures, or null with the local checkout. */
export function createStripeClientFor(env: Env): Stripe | null {
  return env.PAYMENTS_PROVIDER === "stripe" && env.STRIPE_SECRET_KEY
    ? createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL })
    : null;
}

/**
 * The payment provider the env names, on the Stripe client built beside it (build-providers.ts), so
 * checkout, the webhook, the API and the worker all share one client.
 */
export function createPayments(env: Env, stripe: Stripe | null): Payments {
  return stripe
    ? createStripePayments(stripe, {
        publicUrl: env.publicUrl,
        addOnPrices: {
          ...(env.STRIPE_PRICE_ADDON_VIDEO ? { "create-video": env.STRIPE_PRICE_ADDON_VIDEO } : {}),
          ...(env.STRIPE_PRICE_ADDON_PRINT ? { "ready-to-print": env.STRIPE_PRICE_ADDON_PRINT } : {}),
          ...(env.STRIPE_PRICE_ADDON_CHILD ? { "extra-child": env.STRIPE_PRICE_ADDON_CHILD } : {}),
          ...(env.STRIPE_PRICE_ADDON_STORYBOOK ? { storybook: env.STRIPE_PRICE_ADDON_STORYBOOK } : {}),
        },
      })
    : createLocalPayments();
}
