import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payment, subscription } from "../../src/db/schema";
import { grantDueCredits } from "../../src/modules/billing/grant-due-credits";
import { readCredits } from "../../src/modules/credits/change-credits";
import type { TestApp } from "../create-test-app";
import type { FakeStripe } from "../support/fake-stripe";
import { type TestParent, verifiedParent } from "../support/families";
import { post } from "../support/identity";
import { closeStripeTestApp, startStripeTestApp } from "../support/stripe-test-app";

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  ({ t, stripe } = await startStripeTestApp());
});
afterAll(() => closeStripeTestApp({ t, stripe }));

const credits = (as: TestParent) => readCredits(t.database.db, { userId: as.userId });

async function startCheckout(as: TestParent, item: { planId: number } | { topUpId: string }) {
  const response = await post(t.app, "/api/subscription/create-checkout-session", item, as.token);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json();
  const stripeSessionId = url.split("/pay/")[1] as string;
  expect(stripe.sessions.get(stripeSessionId)).toMatchObject({
    client_reference_id: response.json().sessionId,
  });
  return { ...response.json(), stripeSessionId };
}

describe("Stripe Checkout and webhooks", () => {
  it("grants a plan once it is paid, and never twice for repeated or replayed events", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const { sessionId, stripeSessionId } = await startCheckout(ada, { planId: 1 });
    expect(stripe.sessions.get(stripeSessionId)).toMatchObject({
      mode: "subscription",
      amount_total: 1499,
      interval: "month",
    });
    // The return page's confirmation asks Stripe: not paid yet, nothing happens.
    const unpaid = await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe("CHECKOUT_NOT_PAID");

    // An event for a session Stripe does not report as paid grants nothing.
    const early = await stripe.sendEvent(t.app, "checkout.session.completed", { id: stripeSessionId });
    expect(early.statusCode).toBe(200);
    expect(await credits(ada)).toBe(0);

    const paid = stripe.pay(stripeSessionId);
    expect(String(stripe.sessions.get(stripeSessionId)?.success_url)).toContain(
      "session_id={CHECKOUT_SESSION_ID}",
    );
    // Back from Stripe: the confirmation completes it; the webhook that follows changes nothing.
    const confirmed = await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    expect(confirmed.json()).toMatchObject({ totalCredits: 100 });
    const event = { eventId: "evt_same_delivery" };
    expect((await stripe.sendEvent(t.app, "checkout.session.completed", paid, event)).statusCode).toBe(200);
    expect(await credits(ada)).toBe(100);
    await stripe.sendEvent(t.app, "checkout.session.completed", paid, event);
    await stripe.sendEvent(t.app, "checkout.session.completed", paid);
    await stripe.sendEvent(t.app, "checkout.session.async_payment_succeeded", paid);
    expect(await credits(ada)).toBe(100);
    const active = (await post(t.app, "/api/subscription/active", {}, ada.token)).json();
    expect(active).toMatchObject({ planName: "Magician", provider: "stripe", isActive: true });
    expect(await t.database.db.select().from(payment).where(eq(payment.userId, ada.userId))).toHaveLength(1);
  });

  it("refuses forged or tampered events and changes nothing", async () => {
    const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    const { stripeSessionId } = await startCheckout(bea, { topUpId: "top-up-60" });
    const paid = stripe.pay(stripeSessionId);
    const forged = await stripe.sendEvent(t.app, "checkout.session.completed", paid, {
      secret: "whsec_not_ours",
    });
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body).code).toBe("WEBHOOK_SIGNATURE_INVALID");
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload: JSON.stringify({ id: "evt_x", type: "checkout.session.completed", data: { object: paid } }),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await credits(bea)).toBe(0);
    await stripe.sendEvent(t.app, "checkout.session.completed", paid);
    expect(await credits(bea)).toBe(60);
  });

  it("extends the period on invoice.paid, grants at the renewal, and follows cancellation and end", async () => {
    const cleo = await verifiedParent(t.app, t.database.db, { firstName: "Cleo" });
    const { stripeSessionId } = await startCheckout(cleo, { planId: 1 });
    const paid = stripe.pay(stripeSessionId);
    // Reordered: the renewal invoice of another period arrives before the checkout event.
    const subscriptionId = paid.subscription as string;
    const invoice = stripe.renew(subscriptionId);
    const renewal = { eventId: "evt_renewal_first" };
    expect((await stripe.sendEvent(t.app, "invoice.paid", invoice, renewal)).statusCode).toBe(503);
    await stripe.sendEvent(t.app, "checkout.session.completed", paid);
    // Stripe retries the refused event (same id): now it is handled, once.
    expect((await stripe.sendEvent(t.app, "invoice.paid", invoice, renewal)).statusCode).toBe(200);
    await stripe.sendEvent(t.app, "invoice.paid", invoice, renewal);
    expect(await t.database.db.select().from(payment).where(eq(payment.userId, cleo.userId))).toHaveLength(2);
    const [row] = await t.database.db.select().from(subscription).where(eq(subscription.userId, cleo.userId));
    const stripeSubscription = stripe.subscriptions.get(subscriptionId) as {
      items: { data: { current_period_end: number }[] };
    };
    const item = stripeSubscription.items.data[0];
    expect(row?.currentPeriodEnd?.getTime()).toBe((item?.current_period_end ?? 0) * 1000);
    expect(await credits(cleo)).toBe(100);
    await grantDueCredits(t.domain.billing, new Date(Date.now() + 31 * 86_400_000));
    expect(await credits(cleo)).toBe(200);

    const cancelled = await post(t.app, "/api/subscription/cancel", {}, cleo.token);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", isActive: true });
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    stripe.setStatus(subscriptionId, { status: "canceled" });
    await stripe.sendEvent(t.app, "customer.subscription.deleted", { id: subscriptionId });
    const [ended] = await t.database.db
      .select()
      .from(subscription)
      .where(eq(subscription.userId, cleo.userId));
    expect(ended?.status).toBe("ended");
    await grantDueCredits(t.domain.billing, new Date(Date.now() + 120 * 86_400_000));
    expect(await credits(cleo)).toBe(200);
  });

  it("applies the retention discount at Stripe when it is accepted", async () => {
    const dan = await verifiedParent(t.app, t.database.db, { firstName: "Dan" });
    const { stripeSessionId } = await startCheckout(dan, { planId: 3 });
    const paid = stripe.pay(stripeSessionId);
    await stripe.sendEvent(t.app, "checkout.session.completed", paid);
    await post(t.app, "/api/subscription/cancel", {}, dan.token);
    const accepted = await post(t.app, "/api/subscription/mark-discount", { action: "accepted" }, dan.token);
    expect(accepted.json()).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    expect(stripe.subscriptions.get(paid.subscription as string)).toMatchObject({
      cancel_at_period_end: false,
      discounts: [{ coupon: { percent_off: 30 } }],
    });

    const details = {
      name: "Dan Example",
      addressLine: "1 High St",
      city: "Leeds",
      postalCode: "LS1",
      country: "GB",
    };
    await post(t.app, "/api/subscription/edit-billing-details", { details }, dan.token);
    expect(stripe.customers.get(paid.customer as string)).toMatchObject({
      name: "Dan Example",
      "address[city]": "Leeds",
      "address[country]": "GB",
    });
  });
});
