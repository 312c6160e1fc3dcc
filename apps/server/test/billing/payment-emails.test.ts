import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, payment, subscription } from "../../src/db/schema";
import { billingJobs } from "../../src/modules/billing/billing-jobs";
import { sendPaymentReceipt } from "../../src/modules/billing/send-payment-receipt";
import { createTestApp, type TestApp } from "../create-test-app";
import { type TestParent, verifiedParent } from "../support/families";
import { post } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every message of a kind to an address, oldest first. */
const mails = (to: string, kind: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);

async function buy(as: TestParent, item: { planId: number } | { topUpId: string }) {
  const started = await post(t.app, "/api/subscription/create-checkout-session", item, as.token);
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = started.json();
  const completed = await post(t.app, "/api/subscription/create", { sessionId }, as.token);
  expect(completed.statusCode, completed.body).toBe(200);
  return sessionId as string;
}

const grantJob = billingJobs.find((job) => job.name === "billing.grant-due-credits");
const runGrantJob = () => {
  if (!grantJob) throw new Error("billing.grant-due-credits is not defined");
  return grantJob.handle({}, { billing: t.domain.billing });
};

describe("receipts through the local checkout", () => {
  it("sends one receipt for a plan, however often Pay is pressed, with item, amount, date, credits and history", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const sessionId = await buy(ada, { planId: 1 });
    await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    const receipts = await mails(ada.email, "payment-receipt");
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    const [paid] = await t.database.db.select().from(payment).where(eq(payment.userId, ada.userId));
    expect(receipt?.subject).toBe("Your Wonderkin receipt: Magician (monthly)");
    // The link names the payment's invoice, which the history page offers (decision 0053).
    expect(receipt?.link).toMatch(
      /^http:\/\/localhost:3000\/account\/subscription\/view-history\?invoice=WK-\d{4}-\d{6}$/,
    );
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(paid?.paidAt);
    for (const part of [receipt?.text, receipt?.html]) {
      expect(part).toContain("Magician (monthly)");
      expect(part).toContain("$14.99");
      expect(part).toContain(day);
      expect(part).toContain(paid?.id);
      expect(part).toContain("http://localhost:3000/account/subscription/view-history");
    }
    expect(receipt?.text).toContain("Credits added: 100");
    expect(receipt?.text).toContain("Hi Ada,");
    expect(receipt?.text).toContain("built-in test checkout: no money changed hands");
  });

  it("sends one receipt for a top-up with the credits it added", async () => {
    const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    await buy(bea, { planId: 1 });
    const sessionId = await buy(bea, { topUpId: "top-up-60" });
    await post(t.app, "/api/subscription/create", { sessionId }, bea.token);
    const receipts = await mails(bea.email, "payment-receipt");
    expect(receipts).toHaveLength(2);
    expect(receipts[1]?.subject).toBe("Your Wonderkin receipt: 60 extra credits");
    expect(receipts[1]?.text).toContain("Credits added: 60");
    expect(receipts[1]?.text).toContain("60 credits were added to your balance");
  });

  it("sends one receipt per local renewal, even when the scheduled job runs again", async () => {
    const cleo = await verifiedParent(t.app, t.database.db, { firstName: "Cleo" });
    await buy(cleo, { planId: 1 });
    // The paid month is over: the next run of the job renews (a card on file) and grants.
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(subscription)
      .set({ currentPeriodEnd: past, nextGrantAt: past })
      .where(eq(subscription.userId, cleo.userId));
    await runGrantJob();
    await runGrantJob();
    const receipts = await mails(cleo.email, "payment-receipt");
    expect(receipts).toHaveLength(2);
    expect(receipts[1]?.subject).toBe("Your Wonderkin receipt: Magician renewal");
    expect(receipts[1]?.text).toContain("$14.99");
    expect(receipts[1]?.text).toContain("Credits added: 100");
    const payments = await t.database.db.select().from(payment).where(eq(payment.userId, cleo.userId));
    expect(payments).toHaveLength(2);
  });

  it("describes a yearly plan's monthly images, and sends nothing for an unknown payment", async () => {
    const dan = await verifiedParent(t.app, t.database.db, { firstName: "Dan" });
    await buy(dan, { planId: 2 });
    const [receipt] = await mails(dan.email, "payment-receipt");
    expect(receipt?.text).toContain("$149.90");
    expect(receipt?.text).toContain("100 images arrive at the start of each month of your year");
    const deps = { db: t.database.db, mailer: t.studio.mailer, env: t.studio.env };
    expect(await sendPaymentReceipt(deps, { paymentId: "pay_does_not_exist" })).toEqual({ sent: false });
  });

  it("reports an undeliverable receipt without failing the payment", async () => {
    const eve = await verifiedParent(t.app, t.database.db, { firstName: "Eve" });
    await buy(eve, { topUpId: "top-up-20" });
    const [paid] = await t.database.db.select().from(payment).where(eq(payment.userId, eve.userId));
    expect(paid).toBeDefined();
    const warnings: object[] = [];
    const broken = {
      db: t.database.db,
      env: t.studio.env,
      mailer: { kind: "smtp" as const, send: () => Promise.reject(new Error("mail server down")) },
      logger: { warn: (obj: object) => warnings.push(obj) },
    };
    expect(await sendPaymentReceipt(broken, { paymentId: paid?.id ?? "" })).toEqual({ sent: false });
    expect(warnings).toHaveLength(1);
  });
});

describe("cancellation through the local provider", () => {
  it("confirms once, with the day the plan ends", async () => {
    const fay = await verifiedParent(t.app, t.database.db, { firstName: "Fay" });
    await buy(fay, { planId: 1 });
    const first = await post(t.app, "/api/subscription/cancel", {}, fay.token);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(t.app, "/api/subscription/cancel", {}, fay.token);
    expect(again.json()).toMatchObject({ status: "cancelled", isActive: true });
    const notices = await mails(fay.email, "subscription-cancelled");
    expect(notices).toHaveLength(1);
    const end = new Date(first.json().currentPeriodEnd);
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(end);
    expect(notices[0]?.subject).toBe("Your Magician plan is cancelled · Wonderkin");
    expect(notices[0]?.text).toContain(`It keeps working until ${day}`);
    expect(notices[0]?.html).toContain(day);
    expect(notices[0]?.link).toBe("http://localhost:3000/account/subscription/manage");

    // Kept after all (the retention offer), then cancelled again: a new cancellation, a new notice.
    await post(t.app, "/api/subscription/mark-discount", { action: "accepted" }, fay.token);
    await post(t.app, "/api/subscription/cancel", {}, fay.token);
    expect(await mails(fay.email, "subscription-cancelled")).toHaveLength(2);
  });

  it("refuses to cancel without a renewing plan, and sends nothing", async () => {
    const gus = await verifiedParent(t.app, t.database.db, { firstName: "Gus" });
    const refused = await post(t.app, "/api/subscription/cancel", {}, gus.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("NO_SUBSCRIPTION");
    expect(await mails(gus.email, "subscription-cancelled")).toHaveLength(0);
  });
});
