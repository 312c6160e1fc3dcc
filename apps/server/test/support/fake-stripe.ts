import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";

/**
 * A local server answering the Stripe API calls the product makes (Checkout Sessions, subscriptions,
 * coupons), with helpers that play the customer and Stripe's billing: pay a session, renew or cancel
 * a subscription. Webhooks are signed with the Stripe SDK's own test-header helper.
 */
type Json = Record<string, unknown>;

export type FakeStripe = {
  apiUrl: string;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  coupons: Map<string, Json>;
  customers: Map<string, Json>;
  /** The invoices Stripe issued for subscriptions (their first payment and each renewal). */
  invoices: Map<string, Json>;
  pay(sessionId: string): Json;
  renew(subscriptionId: string): Json;
  setStatus(subscriptionId: string, changes: { status?: string; cancel_at_period_end?: boolean }): Json;
  sendEvent(
    app: FastifyInstance,
    type: string,
    object: Json,
    options?: { secret?: string; eventId?: string },
  ): Promise<{ statusCode: number; body: string }>;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startFakeStripe(options: { webhookSecret: string }): Promise<FakeStripe> {
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  let origin = "";
  /** A paid subscription invoice with Stripe's hosted page and PDF, as Stripe finalises one. */
  const issueInvoice = (fields: Json) => {
    const invoiceId = id("in");
    const invoice = {
      id: invoiceId,
      object: "invoice",
      status: "paid",
      hosted_invoice_url: `${origin}/invoices/${invoiceId}`,
      invoice_pdf: `${origin}/invoices/${invoiceId}/pdf`,
      ...fields,
    };
    invoices.set(invoiceId, invoice);
    return invoice;
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: Json) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(body));
    };
    const notFound = () =>
      send(404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such object" },
      });
    if (!request.headers.authorization?.startsWith("Bearer sk_test_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API key" } });
    }
    const path = url.pathname;
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const form = await readForm(request);
      const session = {
        id: id("cs_test"),
        object: "checkout.session",
        mode: form.get("mode"),
        client_reference_id: form.get("client_reference_id"),
        metadata: { checkoutId: form.get("metadata[checkoutId]") },
        customer_email: form.get("customer_email"),
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        /** A configured Stripe Price, when the line item names one instead of inline price data. */
        price: form.get("line_items[0][price]"),
        currency: form.get("line_items[0][price_data][currency]"),
        interval: form.get("line_items[0][price_data][recurring][interval]"),
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
        status: "open",
        payment_status: "unpaid",
        subscription: null,
        customer: null,
        invoice: null,
        payment_intent: null,
        url: "",
      };
      session.url = `${origin}/pay/${session.id}`;
      sessions.set(session.id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (request.method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1] ?? "");
      if (!session) return notFound();
      // `expand[]=invoice` returns the invoice object in place of its id, as Stripe does.
      const expandInvoice = [...url.searchParams].some(
        ([key, value]) => key.startsWith("expand") && value === "invoice",
      );
      const invoice = expandInvoice ? invoices.get(session.invoice as string) : undefined;
      return send(200, invoice ? { ...session, invoice } : session);
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] ?? "");
      if (!subscription) return notFound();
      if (request.method === "POST") {
        const form = await readForm(request);
        if (form.has("cancel_at_period_end"))
          subscription.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
        const coupon = form.get("discounts[0][coupon]");
        if (coupon) subscription.discounts = [{ coupon: coupons.get(coupon) }];
      }
      // Cancelling now (DELETE) ends it at once, as Stripe does.
      if (request.method === "DELETE") {
        Object.assign(subscription, {
          status: "canceled",
          canceled_at: nowSeconds(),
          ended_at: nowSeconds(),
        });
      }
      return send(200, subscription);
    }
    const customerMatch = /^\/v1\/customers\/([\w-]+)$/.exec(path);
    if (request.method === "POST" && customerMatch) {
      const form = await readForm(request);
      const customer = { id: customerMatch[1], object: "customer", ...Object.fromEntries(form.entries()) };
      customers.set(customerMatch[1] ?? "", customer);
      return send(200, customer);
    }
    if (request.method === "POST" && path === "/v1/coupons") {
      const form = await readForm(request);
      const couponId = form.get("id") ?? id("coupon");
      if (coupons.has(couponId)) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "resource_already_exists",
            message: "Coupon already exists",
          },
        });
      }
      const coupon = {
        id: couponId,
        object: "coupon",
        percent_off: Number(form.get("percent_off")),
        duration: form.get("duration"),
      };
      coupons.set(couponId, coupon);
      return send(200, coupon);
    }
    return notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe("sk_test_signer");

  return {
    apiUrl: origin,
    sessions,
    subscriptions,
    coupons,
    customers,
    invoices,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.customer = id("cus");
      if (session.mode === "subscription") {
        const start = nowSeconds();
        const subscription = {
          id: id("sub"),
          object: "subscription",
          status: "active",
          cancel_at_period_end: false,
          customer: session.customer,
          items: {
            object: "list",
            data: [
              {
                id: id("si"),
                current_period_start: start,
                current_period_end: start + (session.interval === "year" ? 12 : 1) * MONTH,
              },
            ],
          },
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
        session.invoice = issueInvoice({
          billing_reason: "subscription_create",
          amount_paid: session.amount_total,
          currency: session.currency,
        }).id;
      } else {
        session.payment_intent = id("pi");
      }
      return session;
    },
    renew(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      const start = item.current_period_end as number;
      item.current_period_start = start;
      item.current_period_end = start + MONTH;
      return issueInvoice({
        billing_reason: "subscription_cycle",
        amount_paid: 1499,
        currency: "usd",
        parent: { subscription_details: { subscription: subscriptionId } },
      });
    },
    setStatus(subscriptionId, changes) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      Object.assign(subscription, changes);
      return subscription;
    },
    async sendEvent(app, type, object, sendOptions = {}) {
      const payload = JSON.stringify({
        id: sendOptions.eventId ?? id("evt"),
        object: "event",
        type,
        created: nowSeconds(),
        data: { object },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: sendOptions.secret ?? options.webhookSecret,
      });
      const response = await app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        payload,
        headers: { "content-type": "application/json", "stripe-signature": header },
      });
      return { statusCode: response.statusCode, body: response.body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The webhook secret the fake signs with in tests. */
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_the_fake";

/** The app's env for Stripe payments against this fake. */
export function stripeEnvFor(stripe: FakeStripe) {
  return {
    PAYMENTS_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_wonderkin",
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.apiUrl,
  };
}
