import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { payment, subscription } from "../../src/db/schema";
import type { TestApp } from "../create-test-app";
import type { FakeStripe } from "../support/fake-stripe";
import { verifiedParent } from "../support/families";
import { latestMail, PASSWORD, post } from "../support/identity";
import { closeStripeTestApp, startStripeTestApp } from "../support/stripe-test-app";

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  ({ t, stripe } = await startStripeTestApp());
});
afterAll(() => closeStripeTestApp({ t, stripe }));

it("cancels a Stripe plan at Stripe before the account goes, and keeps the payment without the user", async () => {
  const parent = await verifiedParent(t.app, t.database.db, { firstName: "Vera" });
  const started = await post(t.app, "/api/subscription/create-checkout-session", { planId: 1 }, parent.token);
  expect(started.statusCode, started.body).toBe(200);
  const stripeSessionId = String(started.json().url).split("/pay/")[1] ?? "";
  const paid = stripe.pay(stripeSessionId);
  const confirmed = await post(
    t.app,
    "/api/subscription/create",
    { sessionId: started.json().sessionId },
    parent.token,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [plan] = await t.database.db
    .select()
    .from(subscription)
    .where(eq(subscription.userId, parent.userId));
  expect(plan?.providerSubscriptionId).toBe(paid.subscription);
  expect(stripe.subscriptions.get(String(paid.subscription))?.status).toBe("active");

  const response = await post(
    t.app,
    "/api/user/delete",
    { confirmEmail: parent.email, password: PASSWORD },
    parent.token,
  );
  expect(response.statusCode, response.body).toBe(200);

  // Stripe ends it now: no renewal, no invoice for an account that no longer exists.
  expect(stripe.subscriptions.get(String(paid.subscription))?.status).toBe("canceled");
  expect(
    await t.database.db.select().from(subscription).where(eq(subscription.userId, parent.userId)),
  ).toEqual([]);
  const [kept] = await t.database.db
    .select()
    .from(payment)
    .where(eq(payment.providerPaymentId, String(paid.invoice)));
  expect(kept).toMatchObject({
    userId: null,
    provider: "stripe",
    amountCents: 1499,
    payer: { name: "Vera", email: parent.email },
  });
  expect(await latestMail(t.database.db, parent.email, "account-deleted")).toBeTruthy();
});
