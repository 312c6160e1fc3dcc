import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { invoice, payment } from "../../src/db/schema";
import type { TestApp } from "../create-test-app";
import type { FakeStripe } from "../support/fake-stripe";
import { verifiedParent } from "../support/families";
import { post } from "../support/identity";
import { closeStripeTestApp, startStripeTestApp } from "../support/stripe-test-app";

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  ({ t, stripe } = await startStripeTestApp());
});
afterAll(() => closeStripeTestApp({ t, stripe }));

type HistoryInvoice = { number: string; url: string; providerUrl: string | null } | null;

it("invoices every Stripe payment in our series, with Stripe's own invoice linked beside a subscription's", async () => {
  const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  const started = await post(t.app, "/api/subscription/create-checkout-session", { planId: 1 }, ada.token);
  const stripeSessionId = (started.json().url as string).split("/pay/")[1] as string;
  const paid = stripe.pay(stripeSessionId);
  expect((await stripe.sendEvent(t.app, "checkout.session.completed", paid)).statusCode).toBe(200);
  const renewal = stripe.renew(paid.subscription as string);
  expect((await stripe.sendEvent(t.app, "invoice.paid", renewal)).statusCode).toBe(200);
  const topUp = await post(
    t.app,
    "/api/subscription/create-checkout-session",
    { topUpId: "top-up-20" },
    ada.token,
  );
  const topUpPaid = stripe.pay((topUp.json().url as string).split("/pay/")[1] as string);
  expect((await stripe.sendEvent(t.app, "checkout.session.completed", topUpPaid)).statusCode).toBe(200);

  const issued = await t.database.db
    .select({ invoice, providerPaymentId: payment.providerPaymentId })
    .from(invoice)
    .innerJoin(payment, eq(payment.id, invoice.paymentId))
    .where(eq(payment.userId, ada.userId))
    .orderBy(invoice.number);
  expect(issued).toHaveLength(3);
  const [first, second, third] = issued;
  const stripeFirst = stripe.invoices.get(paid.invoice as string);
  expect(first?.providerPaymentId).toBe(paid.invoice);
  expect(first?.invoice).toMatchObject({
    providerInvoiceUrl: stripeFirst?.hosted_invoice_url,
    providerInvoicePdfUrl: stripeFirst?.invoice_pdf,
  });
  expect(second?.invoice).toMatchObject({
    providerInvoiceUrl: renewal.hosted_invoice_url,
    providerInvoicePdfUrl: renewal.invoice_pdf,
    totalCents: 1499,
  });
  // A one-time payment at Stripe has no Stripe invoice: ours is the only one.
  expect(third?.invoice.providerInvoiceUrl).toBeNull();

  const history = await post(t.app, "/api/subscription/history", {}, ada.token);
  const invoices = (history.json().entries as { kind: string; invoice: HistoryInvoice }[])
    .filter((entry) => entry.kind === "payment")
    .map((entry) => entry.invoice);
  expect(invoices.map((entry) => entry?.providerUrl ?? null).sort()).toEqual(
    [stripeFirst?.hosted_invoice_url, renewal.hosted_invoice_url, null].sort(),
  );
  for (const entry of invoices) {
    const pdf = await t.app.inject({ method: "GET", url: entry?.url ?? "" });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  }
});
