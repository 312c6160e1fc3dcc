import { billingErrorCodes } from "@wonderkin/contract";
import { and, eq, inArray, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvent, creditLedger, payment, subscription } from "../../src/db/schema";
import { addMonths } from "../../src/modules/billing/billing-period";
import { grantDueCredits } from "../../src/modules/billing/grant-due-credits";
import { readCredits } from "../../src/modules/credits/change-credits";
import { createTestApp, type TestApp } from "../create-test-app";
import { type TestParent, verifiedParent } from "../support/families";
import { post, signUp, tokenFor } from "../support/identity";
import { batchReads, watchQueries } from "../support/query-watch";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const parent = (firstName: string) => verifiedParent(t.app, t.database.db, { firstName });

async function buy(as: TestParent, item: { planId: number } | { topUpId: string }) {
  const started = await post(t.app, "/api/subscription/create-checkout-session", item, as.token);
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId, url } = started.json();
  expect(url).toBe(`/checkout/${sessionId}`);
  const completed = await post(t.app, "/api/subscription/create", { sessionId }, as.token);
  expect(completed.statusCode, completed.body).toBe(200);
  return { sessionId, ...completed.json() };
}

async function expectLedgerMatches(userId: string) {
  const [row] = await t.database.db
    .select({ total: sum(creditLedger.delta) })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  expect(Number(row?.total ?? 0)).toBe(await readCredits(t.database.db, { userId }));
}

const active = async (as: TestParent) => (await post(t.app, "/api/subscription/active", {}, as.token)).json();

describe("buying through the local checkout", () => {
  it("starts Magician monthly with 100 credits, once, however often Pay is pressed", async () => {
    const ada = await parent("Ada");
    expect(await active(ada)).toBeNull();
    const { sessionId, redirectTo, totalCredits } = await buy(ada, { planId: 1 });
    expect(redirectTo).toBe("/kids/add-children?success=true");
    expect(totalCredits).toBe(100);
    const again = await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    expect(again.json().totalCredits).toBe(100);
    expect(await active(ada)).toMatchObject({
      planId: 1,
      planName: "Magician",
      billingCycle: "monthly",
      status: "active",
      isActive: true,
    });
    const payments = await t.database.db.select().from(payment).where(eq(payment.userId, ada.userId));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 1499, currency: "USD" });
    const order = await post(t.app, "/api/subscription/checkout", { sessionId }, ada.token);
    expect(order.json()).toMatchObject({ status: "completed", amount: 14.99, credits: 100 });

    const topUp = await buy(ada, { topUpId: "top-up-20" });
    expect(topUp).toMatchObject({ redirectTo: "/kids/top-up-credit-plans?success=true", totalCredits: 120 });
    const sameAgain = await post(
      t.app,
      "/api/subscription/create",
      { sessionId: topUp.sessionId },
      ada.token,
    );
    expect(sameAgain.json().totalCredits).toBe(120);
    await expectLedgerMatches(ada.userId);
  });

  it("needs a verified address", async () => {
    const { email } = await signUp(t.app, { firstName: "Una" });
    const token = await tokenFor(t.app, email);
    const refused = await post(t.app, "/api/subscription/create-checkout-session", { planId: 1 }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("refuses a cancelled checkout, someone else's checkout and the plan already held", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const { sessionId } = (
      await post(t.app, "/api/subscription/create-checkout-session", { planId: 3 }, ada.token)
    ).json();
    expect((await post(t.app, "/api/subscription/create", { sessionId }, bea.token)).json().code).toBe(
      billingErrorCodes.checkoutNotFound,
    );
    const left = await post(t.app, "/api/subscription/checkout/cancel", { sessionId }, ada.token);
    expect(left.json()).toEqual({ redirectTo: "/kids/select-plan" });
    const paid = await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe(billingErrorCodes.checkoutClosed);
    expect(await readCredits(t.database.db, { userId: ada.userId })).toBe(0);

    await buy(ada, { planId: 3 });
    const twice = await post(t.app, "/api/subscription/create-checkout-session", { planId: 3 }, ada.token);
    expect(twice.json().code).toBe(billingErrorCodes.alreadySubscribed);
    const unknown = await post(t.app, "/api/subscription/create-checkout-session", { planId: 9 }, ada.token);
    expect(unknown.statusCode).toBe(400);
  });

  it("changes plan: the old one ends, the new one grants its images", async () => {
    const ada = await parent("Ada");
    await buy(ada, { planId: 1 });
    const { totalCredits } = await buy(ada, { planId: 3 });
    expect(totalCredits).toBe(300);
    expect(await active(ada)).toMatchObject({ planName: "Oracle", planId: 3 });
    const rows = await t.database.db.select().from(subscription).where(eq(subscription.userId, ada.userId));
    expect(rows.map((row) => row.status).sort()).toEqual(["active", "ended"]);
  });
});

describe("history and billing details", () => {
  it("lists every payment and credit movement, and keeps the invoice details", async () => {
    const ada = await parent("Ada");
    await buy(ada, { planId: 1 });
    await buy(ada, { topUpId: "top-up-20" });
    const { entries } = (await post(t.app, "/api/subscription/history", {}, ada.token)).json();
    expect(entries.map((entry: { kind: string }) => entry.kind).sort()).toEqual([
      "payment",
      "payment",
      "plan-grant",
      "top-up",
    ]);
    expect(entries).toContainEqual(
      expect.objectContaining({ kind: "payment", amount: 14.99, currency: "USD" }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ kind: "plan-grant", credits: 100 }));

    expect(
      (await post(t.app, "/api/subscription/edit-billing-details", undefined, ada.token)).json(),
    ).toBeNull();
    const saved = await post(
      t.app,
      "/api/subscription/edit-billing-details",
      { details: { name: " Ada Lovelace ", country: "GB" } },
      ada.token,
    );
    expect(saved.json()).toEqual({
      name: "Ada Lovelace",
      addressLine: "",
      city: "",
      postalCode: "",
      country: "GB",
      taxId: "",
    });
    const bad = await post(
      t.app,
      "/api/subscription/edit-billing-details",
      { details: { name: "Ada", country: "Britain" } },
      ada.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(
      (await post(t.app, "/api/subscription/edit-billing-details", undefined, ada.token)).json().name,
    ).toBe("Ada Lovelace");
  });
});

describe("renewals, monthly grants and cancelling", () => {
  it("grants a yearly plan's images every month, catching up, and never twice", async () => {
    const ada = await parent("Ada");
    await buy(ada, { planId: 2 });
    const [row] = await t.database.db.select().from(subscription).where(eq(subscription.userId, ada.userId));
    const start = row?.currentPeriodStart as Date;
    await grantDueCredits(t.domain.billing, addMonths(start, 1));
    expect(await readCredits(t.database.db, { userId: ada.userId })).toBe(200);
    await grantDueCredits(t.domain.billing, addMonths(start, 3));
    await grantDueCredits(t.domain.billing, addMonths(start, 3));
    expect(await readCredits(t.database.db, { userId: ada.userId })).toBe(400);
    expect((await active(ada)).nextGrantAt).toBe(addMonths(start, 4).toISOString());
    await expectLedgerMatches(ada.userId);
  });

  it("renews a local monthly plan with its images, at the retention discount once accepted", async () => {
    const ada = await parent("Ada");
    await buy(ada, { planId: 1 });
    const shown = await post(t.app, "/api/subscription/mark-discount", { action: "shown" }, ada.token);
    expect(shown.json().discountOfferedAt).not.toBeNull();
    const accepted = await post(t.app, "/api/subscription/mark-discount", { action: "accepted" }, ada.token);
    expect(accepted.json()).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    const [row] = await t.database.db.select().from(subscription).where(eq(subscription.userId, ada.userId));
    await grantDueCredits(t.domain.billing, addMonths(row?.currentPeriodStart as Date, 1));
    expect(await readCredits(t.database.db, { userId: ada.userId })).toBe(200);
    const payments = await t.database.db.select().from(payment).where(eq(payment.userId, ada.userId));
    expect(payments.map((entry) => entry.amountCents).sort((a, b) => a - b)).toEqual([1049, 1499]);
  });

  it("keeps a cancelled plan usable to the end of its period, then stops granting", async () => {
    const ada = await parent("Ada");
    await buy(ada, { planId: 1 });
    const cancelled = await post(t.app, "/api/subscription/cancel", {}, ada.token);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", isActive: true, cancelAtPeriodEnd: true });
    const [row] = await t.database.db.select().from(subscription).where(eq(subscription.userId, ada.userId));
    const end = row?.currentPeriodEnd as Date;
    await grantDueCredits(t.domain.billing, new Date(end.getTime() - 60_000));
    expect((await active(ada)).isActive).toBe(true);
    const outcome = await grantDueCredits(t.domain.billing, new Date(end.getTime() + 60_000));
    expect(outcome).toEqual({ grants: 0, ended: 1 });
    await grantDueCredits(t.domain.billing, addMonths(end, 2));
    expect(await readCredits(t.database.db, { userId: ada.userId })).toBe(100);
    const [after] = await t.database.db
      .select()
      .from(subscription)
      .where(eq(subscription.userId, ada.userId));
    expect(after?.status).toBe("ended");
    expect((await post(t.app, "/api/subscription/cancel", {}, ada.token)).json().code).toBe(
      billingErrorCodes.noSubscription,
    );
  });

  it("does not cancel a one-time pack, which never renews", async () => {
    const ada = await parent("Ada");
    await buy(ada, { planId: 5 });
    expect(await active(ada)).toMatchObject({
      planName: "Alchemist",
      currentPeriodEnd: null,
      isActive: true,
    });
    expect((await post(t.app, "/api/subscription/cancel", {}, ada.token)).statusCode).toBe(409);
  });
});

describe("the scheduled run in batches", () => {
  const BATCH = 2;

  /** Five parents on Magician monthly, and the moment all five periods are over. */
  async function fiveMonthlyPlans() {
    const parents: TestParent[] = [];
    for (const name of ["Ann", "Ben", "Cai", "Dov", "Eli"]) {
      const as = await parent(name);
      await buy(as, { planId: 1 });
      parents.push(as);
    }
    const userIds = parents.map((as) => as.userId);
    const rows = await t.database.db.select().from(subscription).where(inArray(subscription.userId, userIds));
    expect(rows).toHaveLength(5);
    const latest = Math.max(...rows.map((row) => row.currentPeriodStart.getTime()));
    return { userIds, at: new Date(addMonths(new Date(latest), 1).getTime() + 60_000) };
  }

  /** Each parent was charged and granted for exactly two periods: the purchase and one renewal. */
  async function expectRenewedOnce(userIds: string[]) {
    for (const userId of userIds) {
      expect(await readCredits(t.database.db, { userId })).toBe(200);
      const grants = await t.database.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, "plan-grant")));
      expect(grants).toHaveLength(2);
      const payments = await t.database.db.select().from(payment).where(eq(payment.userId, userId));
      expect(payments).toHaveLength(2);
      await expectLedgerMatches(userId);
    }
  }

  it("renews and grants every due plan exactly once, reading at most one batch at a time", async () => {
    const { userIds, at } = await fiveMonthlyPlans();
    const watch = watchQueries(t.database.db, { table: "subscription" });
    try {
      const outcome = await grantDueCredits(t.domain.billing, at, { batchSize: BATCH });
      expect(outcome.grants).toBeGreaterThanOrEqual(5);
    } finally {
      watch.restore();
    }
    const reads = batchReads(watch.reads);
    // Five due plans of this test (plus any left due by the tests above) in batches of two.
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...reads.map((read) => read.rows))).toBeLessThanOrEqual(BATCH);
    await expectRenewedOnce(userIds);

    // The same moment again: nothing of theirs is due any more.
    await grantDueCredits(t.domain.billing, at, { batchSize: BATCH });
    await expectRenewedOnce(userIds);
  });

  it("loses and repeats nothing when a run stops part-way: the next run finishes the rest", async () => {
    const { userIds, at } = await fiveMonthlyPlans();
    let renewals = 0;
    const watch = watchQueries(t.database.db, {
      table: "subscription",
      // The worker dies right after a charge: the third write to a plan is the second plan's renewal,
      // whose payment (recorded with its invoice in a transaction of its own) is already in.
      fail: (sql) => /^\s*update "subscription"/i.test(sql) && ++renewals === 3,
    });
    try {
      // Drizzle reports the driver's error as the cause of its own.
      await expect(grantDueCredits(t.domain.billing, at, { batchSize: BATCH })).rejects.toMatchObject({
        cause: { message: expect.stringContaining("stopped by the test") },
      });
    } finally {
      watch.restore();
    }
    const creditsAfterCrash = await Promise.all(
      userIds.map((userId) => readCredits(t.database.db, { userId })),
    );
    // Every renewal of these plans charges first, so at most two of them were finished.
    expect(creditsAfterCrash.filter((credits) => credits === 200).length).toBeLessThanOrEqual(2);

    await grantDueCredits(t.domain.billing, at, { batchSize: BATCH });
    await expectRenewedOnce(userIds);
  });

  it("walks past plans that stay due, so a run always ends and reaches the plans after them", async () => {
    const { userIds, at } = await fiveMonthlyPlans();
    // Three of them behave as Stripe plans do at their period end: they wait for `invoice.paid` and
    // stay due. Re-reading "whatever is still due" would find them again for ever.
    const waiting = userIds.slice(0, 3);
    await t.database.db
      .update(subscription)
      .set({ provider: "stripe" })
      .where(inArray(subscription.userId, waiting));
    let reads = 0;
    // A walk that never ends is stopped here rather than left to hang the test run.
    const watch = watchQueries(t.database.db, {
      table: "subscription",
      fail: (sql) => /^\s*select\b.*\blimit\b/is.test(sql) && ++reads > 50,
    });
    try {
      await grantDueCredits(t.domain.billing, at, { batchSize: BATCH });
    } finally {
      watch.restore();
    }
    await expectRenewedOnce(userIds.slice(3));
    for (const userId of waiting) expect(await readCredits(t.database.db, { userId })).toBe(100);
  });

  it("refuses a batch size that would read nothing", async () => {
    await expect(grantDueCredits(t.domain.billing, new Date(), { batchSize: 0 })).rejects.toThrow(
      "A batch size must be a positive integer",
    );
  });
});

describe("analytics events", () => {
  it("records one purchase event per checkout, however often it completes", async () => {
    const ada = await parent("Ada");
    const { sessionId } = await buy(ada, { planId: 1 });
    await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    const events = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.userId, ada.userId));
    expect(events.filter((event) => event.name === "purchase")).toHaveLength(1);
  });
});
