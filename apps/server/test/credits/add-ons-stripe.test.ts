import { billingErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOnLedger, payment } from "../../src/db/schema";
import type { TestApp } from "../create-test-app";
import type { FakeStripe } from "../support/fake-stripe";
import { type TestParent, verifiedParent } from "../support/families";
import { latestMail, post } from "../support/identity";
import { closeStripeTestApp, startStripeTestApp } from "../support/stripe-test-app";

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  // The video add-on is sold at a configured Stripe Price; the print add-on is priced inline.
  ({ t, stripe } = await startStripeTestApp({ STRIPE_PRICE_ADDON_VIDEO: "price_video_clips" }));
});
afterAll(() => closeStripeTestApp({ t, stripe }));

async function startCheckout(as: TestParent, item: { planId: number } | { addOnId: string }) {
  const response = await post(t.app, "/api/subscription/create-checkout-session", item, as.token);
  expect(response.statusCode, response.body).toBe(200);
  const stripeSessionId = String(response.json().url).split("/pay/")[1] as string;
  return { sessionId: response.json().sessionId as string, stripeSessionId };
}

async function magicianOnStripe(firstName: string) {
  const parent = await verifiedParent(t.app, t.database.db, { firstName });
  const { stripeSessionId } = await startCheckout(parent, { planId: 1 });
  const paid = stripe.pay(stripeSessionId);
  expect((await stripe.sendEvent(t.app, "checkout.session.completed", paid)).statusCode).toBe(200);
  return parent;
}

const balances = async (as: TestParent) =>
  (await post(t.app, "/api/subscription/add-ons", {}, as.token)).json().balances;

describe("buying the Magician add-ons with Stripe", () => {
  it("completes each add-on by webhook once, whatever is delivered again", async () => {
    const ada = await magicianOnStripe("Ada");
    const video = await startCheckout(ada, { addOnId: "create-video" });
    expect(stripe.sessions.get(video.stripeSessionId)).toMatchObject({
      mode: "payment",
      price: "price_video_clips",
      client_reference_id: video.sessionId,
    });
    expect(String(stripe.sessions.get(video.stripeSessionId)?.success_url)).toContain(
      "/account/subscription/manage?addOn=success",
    );
    const print = await startCheckout(ada, { addOnId: "ready-to-print" });
    expect(stripe.sessions.get(print.stripeSessionId)).toMatchObject({ mode: "payment", amount_total: 200 });

    // Not paid yet: an event for it grants nothing.
    await stripe.sendEvent(t.app, "checkout.session.completed", { id: video.stripeSessionId });
    expect(await balances(ada)).toEqual({ video: 0, print: 0, child: 0, book: 0 });

    const paidVideo = stripe.pay(video.stripeSessionId);
    const delivery = { eventId: "evt_addon_video" };
    expect(
      (await stripe.sendEvent(t.app, "checkout.session.completed", paidVideo, delivery)).statusCode,
    ).toBe(200);
    await stripe.sendEvent(t.app, "checkout.session.completed", paidVideo, delivery);
    await stripe.sendEvent(t.app, "checkout.session.completed", paidVideo);
    await stripe.sendEvent(t.app, "checkout.session.async_payment_succeeded", paidVideo);
    // The return page's confirmation after the webhook changes nothing either.
    const confirmed = await post(
      t.app,
      "/api/subscription/create",
      { sessionId: video.sessionId },
      ada.token,
    );
    expect(confirmed.json()).toMatchObject({ redirectTo: "/account/subscription/manage?addOn=success" });

    const paidPrint = stripe.pay(print.stripeSessionId);
    await stripe.sendEvent(t.app, "checkout.session.completed", paidPrint);
    await stripe.sendEvent(t.app, "checkout.session.completed", paidPrint);
    expect(await balances(ada)).toEqual({ video: 5, print: 10, child: 0, book: 0 });

    const ledger = await t.database.db.select().from(addOnLedger).where(eq(addOnLedger.userId, ada.userId));
    expect(ledger).toHaveLength(2);
    const payments = await t.database.db.select().from(payment).where(eq(payment.userId, ada.userId));
    // The plan and the two add-ons, each once.
    expect(payments.map((row) => row.amountCents).sort()).toEqual([1499, 200, 200].sort());
    const receipt = await latestMail(t.database.db, ada.email, "payment-receipt");
    expect(receipt).not.toBeNull();
  });

  it("refuses an add-on to a parent whose Stripe plan is not Magician", async () => {
    const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    const response = await post(
      t.app,
      "/api/subscription/create-checkout-session",
      { addOnId: "create-video" },
      bea.token,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(billingErrorCodes.addOnNeedsMagician);
    expect(stripe.sessions.size).toBeGreaterThan(0);
    expect([...stripe.sessions.values()].some((session) => session.customer_email === bea.email)).toBe(false);
  });
});
