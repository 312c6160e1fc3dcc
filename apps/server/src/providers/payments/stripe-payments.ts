import { type AddOnId, RETENTION_DISCOUNT } from "@wonderkin/contract";
import Stripe from "stripe";
import type { Payments } from "./payments";

export type StripeOptions = {
  secretKey: string;
  apiUrl: string;
  publicUrl: string;
  /** Stripe Price ids (`price_…`) the add-ons are sold at, when set (else priced inline). */
  addOnPrices?: Partial<Record<AddOnId, string>>;
};

export function createStripeClient(options: Pick<StripeOptions, "secretKey" | "apiUrl">): Stripe {
  const api = new URL(options.apiUrl);
  return new Stripe(options.secretKey, {
    host: api.hostname,
    port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
    protocol: api.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 2,
  });
}

const RETENTION_COUPON_ID = `wonderkin-retention-${RETENTION_DISCOUNT.percentOff}-${RETENTION_DISCOUNT.renewals}`;

/** Where the parent chose (back) and lands after paying (done), by what they bought. */
const pages = {
  plan: { back: "/kids/select-plan", done: "/kids/add-children" },
  "top-up": { back: "/kids/top-up-credit-plans", done: "/kids/top-up-credit-plans" },
  "add-on": { back: "/account/subscription/manage", done: "/account/subscription/manage" },
} as const;

/**
 * Stripe Checkout: `subscription` mode for monthly and yearly plans, `payment` mode for the one-time
 * plan, top-ups and add-ons (an add-on at its configured Stripe Price, when one is set). Our checkout
 * id travels as `client_reference_id` and metadata, so the webhook finds the order whatever arrives
 * first.
 */
export function createStripePayments(
  stripe: Stripe,
  options: Pick<StripeOptions, "publicUrl" | "addOnPrices">,
): Payments {
  return {
    kind: "stripe",
    async startCheckout(order) {
      // An add-on bought from a portrait comes back to it either way (decision 0056).
      const back = order.returnPath ?? pages[order.kind].back;
      const done = order.returnPath ?? pages[order.kind].done;
      const doneQuery = order.kind === "add-on" ? "addOn=success" : "success=true";
      const joiner = done.includes("?") ? "&" : "?";
      const price = order.addOnId ? options.addOnPrices?.[order.addOnId] : undefined;
      const session = await stripe.checkout.sessions.create({
        mode: order.recurring ? "subscription" : "payment",
        client_reference_id: order.sessionId,
        customer_email: order.customerEmail,
        metadata: { checkoutId: order.sessionId },
        line_items: [
          price
            ? { quantity: 1, price }
            : {
                quantity: 1,
                price_data: {
                  currency: order.currency.toLowerCase(),
                  unit_amount: order.amountCents,
                  product_data: { name: order.description },
                  ...(order.recurring
                    ? { recurring: { interval: order.recurring === "yearly" ? "year" : "month" } }
                    : {}),
                },
              },
        ],
        success_url: `${options.publicUrl}${done}${joiner}${doneQuery}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${options.publicUrl}${back}`,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { url: session.url, providerSessionId: session.id };
    },
    async confirmCheckout(checkout) {
      if (!checkout.providerSessionId) return null;
      // Expanded: a subscription's first invoice carries Stripe's hosted page and PDF.
      const session = await stripe.checkout.sessions.retrieve(checkout.providerSessionId, {
        expand: ["invoice"],
      });
      return isPaid(session) ? stripePaymentFacts(session) : null;
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      if (providerSubscriptionId) {
        await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
      }
    },
    async cancelNow(providerSubscriptionId) {
      if (!providerSubscriptionId) return;
      await stripe.subscriptions.cancel(providerSubscriptionId).catch((error: { code?: string }) => {
        if (error.code !== "resource_missing") throw error;
      });
    },
    async updateCustomer(providerCustomerId, details) {
      if (!providerCustomerId) return;
      await stripe.customers.update(providerCustomerId, {
        name: details.name,
        address: {
          line1: details.addressLine || null,
          city: details.city || null,
          postal_code: details.postalCode || null,
          country: details.country || null,
        } as Stripe.AddressParam,
      });
    },
    async applyRetentionDiscount(providerSubscriptionId) {
      if (!providerSubscriptionId) return;
      await stripe.coupons
        .create({
          id: RETENTION_COUPON_ID,
          percent_off: RETENTION_DISCOUNT.percentOff,
          duration: "repeating",
          duration_in_months: RETENTION_DISCOUNT.renewals,
        })
        .catch((error: { code?: string }) => {
          if (error.code !== "resource_already_exists") throw error;
        });
      await stripe.subscriptions.update(providerSubscriptionId, {
        cancel_at_period_end: false,
        discounts: [{ coupon: RETENTION_COUPON_ID }],
      });
    },
  };
}

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * What a paid Checkout Session says about its payment, for the completion path. Read with
 * `expand: ["invoice"]`, a subscription's session also gives Stripe's own invoice of the payment.
 */
export function stripePaymentFacts(session: Stripe.Checkout.Session) {
  const invoice = typeof session.invoice === "object" ? session.invoice : null;
  return {
    providerPaymentId: idOf(session.invoice) ?? idOf(session.payment_intent) ?? session.id,
    providerSubscriptionId: idOf(session.subscription),
    providerCustomerId: idOf(session.customer),
    providerInvoice: invoice
      ? { url: invoice.hosted_invoice_url ?? null, pdfUrl: invoice.invoice_pdf ?? null }
      : null,
  };
}

/** Whether Stripe reports a Checkout Session as paid (or as needing no payment). */
export function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === "paid" || session.payment_status === "no_payment_required";
}
