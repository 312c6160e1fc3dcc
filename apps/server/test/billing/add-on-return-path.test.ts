import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import type { FakeStripe } from "../support/fake-stripe";
import { verifiedParent } from "../support/families";
import { post } from "../support/identity";
import { closeStripeTestApp, startStripeTestApp } from "../support/stripe-test-app";
import { buyPlan } from "../support/studio";

// An add-on bought from a portrait brings the parent back to it (decision 0056).
const portraitPath = "/kids/children/7/magic-studio?portrait=img_1";

describe("an add-on bought from a portrait, local checkout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("goes back to the portrait after paying and after cancelling", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    await buyPlan(t, ada, 1);
    const start = () =>
      post(
        t.app,
        "/api/subscription/create-checkout-session",
        { addOnId: "create-video", returnTo: portraitPath },
        ada.token,
      );

    const paid = (await start()).json();
    const completed = await post(t.app, "/api/subscription/create", { sessionId: paid.sessionId }, ada.token);
    expect(completed.json().redirectTo).toBe(`${portraitPath}&addOn=success`);

    const left = (await start()).json();
    const cancelled = await post(
      t.app,
      "/api/subscription/checkout/cancel",
      { sessionId: left.sessionId },
      ada.token,
    );
    expect(cancelled.json()).toEqual({ redirectTo: portraitPath });

    // Without a page to return to, the add-ons stay on the subscription page.
    const plain = (
      await post(t.app, "/api/subscription/create-checkout-session", { addOnId: "create-video" }, ada.token)
    ).json();
    const done = await post(t.app, "/api/subscription/create", { sessionId: plain.sessionId }, ada.token);
    expect(done.json().redirectTo).toBe("/account/subscription/manage?addOn=success");
  });

  it("refuses a return address that leaves the site", async () => {
    const bo = await verifiedParent(t.app, t.database.db, { firstName: "Bo" });
    await buyPlan(t, bo, 1);
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "kids", "/a b"]) {
      const refused = await post(
        t.app,
        "/api/subscription/create-checkout-session",
        { addOnId: "ready-to-print", returnTo },
        bo.token,
      );
      expect(refused.statusCode, returnTo).toBe(400);
      expect(refused.json().code).toBe("VALIDATION_FAILED");
    }
  });
});

describe("an add-on bought from a portrait, Stripe", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    ({ t, stripe } = await startStripeTestApp());
  });
  afterAll(() => closeStripeTestApp({ t, stripe }));

  it("sends Stripe's success and cancel pages to the portrait", async () => {
    const cy = await verifiedParent(t.app, t.database.db, { firstName: "Cy" });
    const plan = (
      await post(t.app, "/api/subscription/create-checkout-session", { planId: 1 }, cy.token)
    ).json();
    const planSession = String(plan.url).split("/pay/")[1] as string;
    await stripe.sendEvent(t.app, "checkout.session.completed", stripe.pay(planSession));

    const started = await post(
      t.app,
      "/api/subscription/create-checkout-session",
      { addOnId: "create-video", returnTo: portraitPath },
      cy.token,
    );
    expect(started.statusCode, started.body).toBe(200);
    const session = stripe.sessions.get(String(started.json().url).split("/pay/")[1] as string);
    expect(String(session?.success_url)).toMatch(
      /^http:\/\/[^/]+\/kids\/children\/7\/magic-studio\?portrait=img_1&addOn=success&session_id=\{CHECKOUT_SESSION_ID\}$/,
    );
    expect(String(session?.cancel_url)).toMatch(
      /^http:\/\/[^/]+\/kids\/children\/7\/magic-studio\?portrait=img_1$/,
    );
  });
});
