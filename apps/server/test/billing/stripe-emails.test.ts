import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/db/schema";
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

const mails = (to: string, kind: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);

/** Buys through Stripe Checkout and delivers Stripe's completion event. */
async function paidAtStripe(as: TestParent, item: { planId: number } | { topUpId: string }) {
  const started = await post(t.app, "/api/subscription/create-checkout-session", item, as.token);
  expect(started.statusCode, started.body).toBe(200);
  const stripeSessionId = (started.json().url as string).split("/pay/")[1] as string;
  const paid = stripe.pay(stripeSessionId);
  const delivered = await stripe.sendEvent(t.app, "checkout.session.completed", paid);
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { sessionId: started.json().sessionId as string, paid };
}

describe("receipts for Stripe payments", () => {
  it("sends one receipt for the first checkout, whether the return page or the webhook completes it", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const { sessionId, paid } = await paidAtStripe(ada, { planId: 1 });
    await stripe.sendEvent(t.app, "checkout.session.completed", paid);
    await stripe.sendEvent(t.app, "checkout.session.async_payment_succeeded", paid);
    await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    const receipts = await mails(ada.email, "payment-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe("Your Wonderkin receipt: Magician (monthly)");
    expect(receipts[0]?.text).toContain("$14.99");
    expect(receipts[0]?.text).toContain("Credits added: 100");
    expect(receipts[0]?.text).not.toContain("test checkout");

    const { paid: topUp } = await paidAtStripe(ada, { topUpId: "top-up-60" });
    await stripe.sendEvent(t.app, "checkout.session.completed", topUp, { eventId: "evt_topup_again" });
    await stripe.sendEvent(t.app, "checkout.session.completed", topUp, { eventId: "evt_topup_again" });
    const afterTopUp = await mails(ada.email, "payment-receipt");
    expect(afterTopUp).toHaveLength(2);
    expect(afterTopUp[1]?.text).toContain("Credits added: 60");
  });

  it("sends one receipt per paid renewal invoice, under repeated and re-sent events", async () => {
    const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    const { paid } = await paidAtStripe(bea, { planId: 1 });
    const invoice = stripe.renew(paid.subscription as string);
    const delivery = { eventId: "evt_renewal_once" };
    expect((await stripe.sendEvent(t.app, "invoice.paid", invoice, delivery)).statusCode).toBe(200);
    await stripe.sendEvent(t.app, "invoice.paid", invoice, delivery);
    // The same invoice under another event id (Stripe's invoice.payment_succeeded twin, a resend).
    await stripe.sendEvent(t.app, "invoice.paid", invoice);
    const receipts = await mails(bea.email, "payment-receipt");
    expect(receipts).toHaveLength(2);
    expect(receipts[1]?.subject).toBe("Your Wonderkin receipt: Magician renewal");
    expect(receipts[1]?.text).toContain("$14.99");
    expect(receipts[1]?.text).toContain(`pay_${invoice.id}`);

    const next = stripe.renew(paid.subscription as string);
    await stripe.sendEvent(t.app, "invoice.paid", next);
    expect(await mails(bea.email, "payment-receipt")).toHaveLength(3);
  });
});

describe("cancellation with Stripe", () => {
  it("confirms once when the parent cancels here and Stripe's event follows", async () => {
    const cleo = await verifiedParent(t.app, t.database.db, { firstName: "Cleo" });
    const { paid } = await paidAtStripe(cleo, { planId: 1 });
    const subscriptionId = paid.subscription as string;
    const cancelled = await post(t.app, "/api/subscription/cancel", {}, cleo.token);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", cancelAtPeriodEnd: true });
    await stripe.sendEvent(t.app, "customer.subscription.updated", { id: subscriptionId });
    await stripe.sendEvent(t.app, "customer.subscription.updated", { id: subscriptionId });
    const notices = await mails(cleo.email, "subscription-cancelled");
    expect(notices).toHaveLength(1);
    const end = new Date(cancelled.json().currentPeriodEnd);
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(end);
    expect(notices[0]?.text).toContain(`It keeps working until ${day}`);

    // The period ends at Stripe: the plan ends, which is no new cancellation.
    stripe.setStatus(subscriptionId, { status: "canceled" });
    await stripe.sendEvent(t.app, "customer.subscription.deleted", { id: subscriptionId });
    expect(await mails(cleo.email, "subscription-cancelled")).toHaveLength(1);
  });

  it("confirms once when the plan is cancelled at Stripe, and says when it ends", async () => {
    const dan = await verifiedParent(t.app, t.database.db, { firstName: "Dan" });
    const { paid } = await paidAtStripe(dan, { planId: 3 });
    const subscriptionId = paid.subscription as string;
    stripe.setStatus(subscriptionId, { cancel_at_period_end: true });
    const delivery = { eventId: "evt_cancel_at_stripe" };
    await stripe.sendEvent(t.app, "customer.subscription.updated", { id: subscriptionId }, delivery);
    await stripe.sendEvent(t.app, "customer.subscription.updated", { id: subscriptionId }, delivery);
    await stripe.sendEvent(t.app, "customer.subscription.updated", { id: subscriptionId });
    const notices = await mails(dan.email, "subscription-cancelled");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe("Your Oracle plan is cancelled · Wonderkin");
    const active = (await post(t.app, "/api/subscription/active", {}, dan.token)).json();
    expect(active).toMatchObject({ status: "cancelled", isActive: true });
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(active.currentPeriodEnd),
    );
    expect(notices[0]?.text).toContain(day);
  });

  it("says the plan has ended when Stripe cancels it at once", async () => {
    const eve = await verifiedParent(t.app, t.database.db, { firstName: "Eve" });
    const { paid } = await paidAtStripe(eve, { planId: 1 });
    const subscriptionId = paid.subscription as string;
    stripe.setStatus(subscriptionId, { status: "canceled" });
    await stripe.sendEvent(t.app, "customer.subscription.deleted", { id: subscriptionId });
    await stripe.sendEvent(t.app, "customer.subscription.deleted", { id: subscriptionId });
    const notices = await mails(eve.email, "subscription-cancelled");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("was cancelled and ended on");
  });
});
