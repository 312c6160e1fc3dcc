import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { AppError } from "../lib/app-error";
import type { BillingMailDeps } from "../modules/billing/billing-deps";
import { handleStripeEvent } from "../modules/billing/stripe-events";
import { WEBHOOK_BODY_LIMIT } from "./body-limits";

/**
 * Stripe's webhook. The signature is checked over the raw body (so the body is kept as bytes in
 * this scope only); an event that fails the check is refused and changes nothing.
 */
export function stripeWebhookRoutes(options: {
  billing: BillingMailDeps;
  stripe: Stripe;
  webhookSecret: string;
}) {
  return async (app: FastifyInstance) => {
    // Providers' events (with a training's logs) can outgrow the small JSON limit of the app's own endpoints.
    app.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    app.post("/api/webhooks/stripe", async (request) => {
      const signature = request.headers["stripe-signature"];
      let event: Stripe.Event;
      try {
        event = options.stripe.webhooks.constructEvent(
          request.body as Buffer,
          typeof signature === "string" ? signature : "",
          options.webhookSecret,
        );
      } catch {
        throw new AppError(400, "WEBHOOK_SIGNATURE_INVALID", "The webhook signature does not match.");
      }
      const { handled } = await handleStripeEvent(options.billing, options.stripe, event);
      request.log.info({ eventId: event.id, type: event.type, handled }, "stripe webhook");
      return { received: true };
    });
  };
}
