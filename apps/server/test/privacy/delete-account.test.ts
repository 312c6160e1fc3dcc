import path from "node:path";
import { authErrorCodes, privacyErrorCodes, privacyMessages } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  account,
  analyticsEvent,
  analyticsIdentify,
  analyticsProfile,
  analyticsVisitor,
  billingDetails,
  child,
  childPhoto,
  invoice,
  mailOutbox,
  member,
  organization,
  payment,
  session,
  user,
} from "../../src/db/schema";
import { saveAnalyticsProfile } from "../../src/modules/analytics/analytics-profile";
import { identifyParent, recordVisit } from "../../src/modules/analytics/visitors";
import { recordSignInFailure } from "../../src/modules/auth/sign-in-throttle";
import { buildDataExportJob } from "../../src/modules/privacy/privacy-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import {
  createFamilyFixture,
  createInvitationFixture,
  type TestParent,
  verifiedParent,
} from "../support/families";
import { latestMail, PASSWORD, post, tokenFor } from "../support/identity";
import {
  addChildWithPhotos,
  childNeedles,
  childRow,
  diskEntries,
  literalNeedles,
  scanTables,
  seedFamily,
} from "../support/privacy";
import { workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off", SIGN_IN_MAX_FAILURES: "3" });
});
afterAll(() => t.close());

/**
 * A hang detector, not a speed limit: seeding trains a child and renders portraits in real image
 * threads (seconds on a quiet machine, many times that beside other work on two cores).
 */
const SLOW = { timeout: 180_000 };
const deleteAccount = (as: { token: string }, body: unknown) =>
  post(t.app, "/api/user/delete", body, as.token);
const stillThere = async (userId: string) =>
  (await t.database.db.select({ id: user.id }).from(user).where(eq(user.id, userId))).length === 1;

describe("re-authentication and confirmation", () => {
  it("refuses without a session, with the wrong address, without or with a wrong password", async () => {
    const parent = await verifiedParent(t.app, t.database.db, { firstName: "Rhea" });
    expect((await post(t.app, "/api/user/delete", { confirmEmail: parent.email })).statusCode).toBe(401);

    const wrongAddress = await deleteAccount(parent, {
      confirmEmail: "someone@example.com",
      password: PASSWORD,
    });
    expect(wrongAddress.statusCode).toBe(400);
    expect(wrongAddress.json()).toMatchObject({
      code: privacyErrorCodes.confirmationMismatch,
      message: privacyMessages.accountConfirmationMismatch,
    });

    const noPassword = await deleteAccount(parent, { confirmEmail: parent.email });
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json()).toEqual({
      code: privacyErrorCodes.reauthenticationRequired,
      message: privacyMessages.passwordRequired,
    });

    const wrongPassword = await deleteAccount(parent, {
      confirmEmail: parent.email,
      password: "not the password",
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: privacyErrorCodes.wrongPassword });

    // Guesses count towards the sign-in throttle (3 here): then even the right password waits.
    await deleteAccount(parent, { confirmEmail: parent.email, password: "still not it" });
    await deleteAccount(parent, { confirmEmail: parent.email, password: "nor this" });
    const throttled = await deleteAccount(parent, {
      confirmEmail: parent.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe(authErrorCodes.tooManyAttempts);
    expect(await stillThere(parent.userId)).toBe(true);
  });

  it("asks a parent without a password for a recent sign-in instead", async () => {
    const parent = await verifiedParent(t.app, t.database.db, { firstName: "Ivo" });
    // As if they had only ever used e-mail links or Google: no password on the account.
    await t.database.db
      .delete(account)
      .where(and(eq(account.userId, parent.userId), eq(account.providerId, "credential")));
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, parent.userId));
    const stale = await deleteAccount(parent, { confirmEmail: parent.email });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({
      code: privacyErrorCodes.reauthenticationRequired,
      message: privacyMessages.reauthenticationRequired,
    });
    expect(await stillThere(parent.userId)).toBe(true);

    // Signed in again a moment ago: that is proof enough.
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, parent.userId));
    const fresh = await deleteAccount(parent, { confirmEmail: ` ${parent.email.toUpperCase()} ` });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await stillThere(parent.userId)).toBe(false);
  });
});

async function addMember(
  familyId: string,
  parent: TestParent,
  role: "owner" | "admin" | "member",
  joined: Date,
) {
  await t.database.db.insert(member).values({
    id: `m-${familyId}-${parent.userId}`,
    organizationId: familyId,
    userId: parent.userId,
    role,
    createdAt: joined,
  });
}

describe("deleting an account", SLOW, () => {
  it("deletes everything of the parent, hands shared families on, and keeps only anonymous payments", async () => {
    // Augusta: a trained child with portraits in her own family, a plan, consent, credits, an export.
    const augusta = await seedFamily(t, {
      parentName: "Augusta",
      childName: "Rosalind",
      photoSeed: 0,
      portraits: 2,
    });
    const ada = augusta.parent;
    await t.database.db.insert(billingDetails).values({
      userId: ada.userId,
      name: "Augusta Byron",
      addressLine: "12 St James's Square",
      city: "London",
      postalCode: "SW1Y 4JH",
      country: "GB",
    });
    const visitor = await recordVisit(t.database.db, {
      visitorId: null,
      userId: ada.userId,
      landingPage: "/?utm_source=newsletter",
      attribution: { utm_source: "newsletter" },
    });
    await identifyParent(t.database.db, {
      userId: ada.userId,
      visitorId: visitor.visitorId,
      attribution: { utm_source: "newsletter" },
    });
    await saveAnalyticsProfile(t.database.db, {
      userId: ada.userId,
      data: { email: ada.email, plan: "Oracle" },
    });
    expect((await post(t.app, "/api/user/export", {}, ada.token)).statusCode).toBe(200);
    expect(await workQueued(t, [buildDataExportJob.name])).toBe(1);
    expect(await t.storage.list(`exports/${ada.userId}/`)).toHaveLength(1);
    // A failed sign-in (counted by address) and a second signed-in device.
    const otherDevice = await tokenFor(t.app, ada.email);
    await recordSignInFailure(t.database.db, { email: ada.email, ipAddress: "203.0.113.7" });

    // A shared family where she is the only owner: Dan, the longest-standing admin, takes over
    // (Cleo joined earlier, but as a member). Her child there stays with the family.
    const [cleo, dan, eve, fay] = (await Promise.all(
      ["Cleo", "Dan", "Eve", "Fay"].map((firstName) => verifiedParent(t.app, t.database.db, { firstName })),
    )) as [TestParent, TestParent, TestParent, TestParent];
    const { familyId: hollies } = await createFamilyFixture(t.database.db, {
      name: "The Hollies",
      members: [],
    });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await addMember(hollies, ada, "owner", day(1));
    await addMember(hollies, cleo, "member", day(2));
    await addMember(hollies, dan, "admin", day(3));
    await addMember(hollies, eve, "admin", day(4));
    await acceptConsent(t.app, ada);
    const shared = await addChildWithPhotos(t, ada, hollies, { childName: "Wren", photos: 3, photoSeed: 6 });
    // A family where she is a plain member, and an invitation waiting for her address.
    const { familyId: fays } = await createFamilyFixture(t.database.db, {
      name: "Fay's circle",
      members: [
        { userId: fay.userId, role: "owner" },
        { userId: ada.userId, role: "member" },
      ],
    });
    await createInvitationFixture(t.database.db, {
      familyId: fay.familyId,
      inviterId: fay.userId,
      email: ada.email,
    });

    const row = await childRow(t, augusta.childId);
    const needles = childNeedles(row, augusta);
    const before = await scanTables(t, [...needles, ...literalNeedles([ada.userId, ada.email])]);
    // The scan sees the child and the parent everywhere before: photos, portraits, ledger, outbox…
    const tablesHit = new Set(before.map((hit) => hit.table));
    for (const table of [
      "user",
      "session",
      "account",
      "child",
      "child_photo",
      "generated_image",
      "credit_ledger",
      "analytics_event",
      "analytics_identify",
      "analytics_profile",
      "analytics_visitor",
      "mail_outbox",
      "member",
      "parental_consent",
      "payment",
      "subscription",
      "data_export",
      "invitation",
      "sign_in_failure",
    ]) {
      expect(tablesHit.has(table), table).toBe(true);
    }

    const response = await deleteAccount(ada, { confirmEmail: ada.email, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: true });

    // Every session is gone: neither device can do anything.
    for (const token of [ada.token, otherDevice]) {
      expect((await post(t.app, "/api/user/get", {}, token)).statusCode).toBe(401);
    }

    // Files: her family's, her child's model, her export. On the port and on the disk.
    const gone = [
      `families/${augusta.familyId}/`,
      `image-models/${row.modelVersion}/`,
      `exports/${ada.userId}/`,
    ];
    expect((await t.storage.list("")).filter((key) => gone.some((prefix) => key.startsWith(prefix)))).toEqual(
      [],
    );
    expect(
      (await diskEntries(path.join(t.env.dataDir, "media"))).filter((entry) =>
        [augusta.familyId, row.modelVersion ?? "?", ada.userId].some((part) => entry.includes(part)),
      ),
    ).toEqual([]);

    // Every table: her id, address and first name, and her child, are gone — except the payments
    // and their invoices, which the law makes us keep (neither holds anything of the child;
    // decision 0053), and the confirmation she was sent.
    const kept = (table: string, found: Record<string, unknown>) =>
      table === "payment" ||
      table === "invoice" ||
      (table === "mail_outbox" && found.kind === "account-deleted" && found.to_address === ada.email);
    expect(
      await scanTables(t, [...needles, ...literalNeedles([ada.userId, ada.email, "Augusta"])], kept),
    ).toEqual([]);
    const payments = await t.database.db
      .select()
      .from(payment)
      .where(eq(payment.providerPaymentId, paymentIdOf(before)));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      userId: null,
      subscriptionId: null,
      checkoutSessionId: null,
      description: expect.stringContaining("Oracle"),
      payer: {
        name: "Augusta Byron",
        email: ada.email,
        addressLine: "12 St James's Square",
        city: "London",
        postalCode: "SW1Y 4JH",
        country: "GB",
        taxId: "",
      },
    });
    expect(needles.filter((needle) => needle.test(JSON.stringify(payments[0])))).toEqual([]);
    const invoices = await t.database.db
      .select()
      .from(invoice)
      .where(eq(invoice.paymentId, payments[0]?.id ?? ""));
    expect(invoices).toHaveLength(1);
    // As issued: the account's name then (the billing details came later), and her address.
    expect(invoices[0]?.buyer).toMatchObject({ name: "Augusta", email: ada.email });
    expect(needles.filter((needle) => needle.test(JSON.stringify(invoices[0])))).toEqual([]);

    // The shared family lives on under Dan; the plain membership simply ends.
    const hollyMembers = await t.database.db.select().from(member).where(eq(member.organizationId, hollies));
    expect(Object.fromEntries(hollyMembers.map((entry) => [entry.userId, entry.role]))).toEqual({
      [cleo.userId]: "member",
      [dan.userId]: "owner",
      [eve.userId]: "admin",
    });
    const [wren] = await t.database.db.select().from(child).where(eq(child.id, shared.childId));
    expect(wren).toMatchObject({ organizationId: hollies, createdByUserId: null });
    expect(
      await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, shared.childId)),
    ).toHaveLength(3);
    expect(await t.storage.list(`families/${hollies}/children/${shared.childId}/photos/`)).toHaveLength(3);
    const fayMembers = await t.database.db.select().from(member).where(eq(member.organizationId, fays));
    expect(fayMembers.map((entry) => [entry.userId, entry.role])).toEqual([[fay.userId, "owner"]]);
    expect(
      await t.database.db.select().from(organization).where(eq(organization.id, augusta.familyId)),
    ).toEqual([]);

    // Analytics: the browser stays as an anonymous visitor; what tied it to her is gone.
    const [anonymous] = await t.database.db
      .select()
      .from(analyticsVisitor)
      .where(eq(analyticsVisitor.id, visitor.visitorId));
    expect(anonymous).toMatchObject({ userId: null, utmSource: "newsletter" });
    for (const table of [analyticsEvent, analyticsIdentify, analyticsProfile]) {
      expect(await t.database.db.select().from(table).where(eq(table.userId, ada.userId))).toEqual([]);
    }

    // The confirmation is the one message left for the address.
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, ada.email));
    expect(mails.map((mail) => mail.kind)).toEqual(["account-deleted"]);
    expect(mails[0]?.text).toContain("We keep only the records of your payments that tax law requires");
    expect(await latestMail(t.database.db, dan.email, "account-deleted")).toBeUndefined();
  });
});

/** The provider id of the payment found by the scan before deletion. */
function paymentIdOf(hits: { table: string; row: string }[]): string {
  const hit = hits.find((entry) => entry.table === "payment");
  return (JSON.parse(hit?.row ?? "{}") as { provider_payment_id?: string }).provider_payment_id ?? "";
}
