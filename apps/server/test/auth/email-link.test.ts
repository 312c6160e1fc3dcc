import { authMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvent, member, user, verification } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { latestMail, post, signUp, tokenOfLink, uniqueEmail } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function requestLink(email: string, remoteAddress?: string): Promise<string> {
  const response = await post(t.app, "/api/auth/sign-in/magic-link", { email }, undefined, remoteAddress);
  expect(response.statusCode, response.body).toBe(200);
  const mail = await latestMail(t.database.db, email, "email-link-sign-in");
  expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/finalize-signup\?token=/);
  return tokenOfLink(mail?.link);
}

describe("e-mail link sign-in", () => {
  it("needs an e-mail to send a link", async () => {
    const response = await post(t.app, "/api/auth/sign-in/magic-link", { email: "" });
    expect(response.statusCode).toBe(400);
  });

  it("signs an existing parent in with the link and the same address, once", async () => {
    const { email } = await signUp(t.app);
    const token = await requestLink(email);
    const response = await post(t.app, "/api/auth/complete-email-link", {
      email: email.toUpperCase(),
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.isNewUser).toBe(false);
    const me = await post(t.app, "/api/user/get", {}, body.token);
    expect(me.json()).toMatchObject({ email, emailVerified: true });

    const reused = await post(t.app, "/api/auth/complete-email-link", { email, token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: "INVALID_SIGN_IN_LINK", message: authMessages.invalidSignInLink });
  });

  it("refuses another address without using up the link", async () => {
    const { email } = await signUp(t.app);
    const token = await requestLink(email);
    const wrong = await post(t.app, "/api/auth/complete-email-link", {
      email: uniqueEmail("someone"),
      token,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("INVALID_SIGN_IN_LINK");
    const right = await post(t.app, "/api/auth/complete-email-link", { email, token });
    expect(right.statusCode).toBe(200);
  });

  it("creates a verified account with a personal family for a new address", async () => {
    const email = uniqueEmail("newcomer");
    const token = await requestLink(email);
    const response = await post(t.app, "/api/auth/complete-email-link", { email, token });
    expect(response.statusCode).toBe(200);
    expect(response.json().isNewUser).toBe(true);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);
    const families = await t.database.db
      .select()
      .from(member)
      .where(eq(member.userId, row?.id ?? ""));
    expect(families.map((family) => family.role)).toEqual(["owner"]);
    const events = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.userId, row?.id ?? ""));
    expect(events.map((event) => event.properties)).toEqual([{ method: "email-link" }]);
  });

  it("refuses malformed and expired links, and stores links hashed", async () => {
    const email = uniqueEmail();
    const token = await requestLink(email);
    const stored = await t.database.db.select().from(verification);
    expect(JSON.stringify(stored)).not.toContain(token);

    const malformed = await post(t.app, "/api/auth/complete-email-link", { email, token: "nope" });
    expect(malformed.json().code).toBe("INVALID_SIGN_IN_LINK");
    await t.database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post(t.app, "/api/auth/complete-email-link", { email, token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("INVALID_SIGN_IN_LINK");
  });

  it("expires links after 15 minutes", async () => {
    const email = uniqueEmail();
    await requestLink(email, "192.0.2.15");
    const rows = await t.database.db.select().from(verification);
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    const lifetime = (newest?.expiresAt.getTime() ?? 0) - (newest?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 60_000)).toBe(15);
  });
});

describe("per-address limits", () => {
  it("refuse a sixth link request within a minute from one client address", async () => {
    for (let request = 0; request < 5; request++) await requestLink(uniqueEmail(), "192.0.2.60");
    const response = await post(
      t.app,
      "/api/auth/sign-in/magic-link",
      { email: uniqueEmail() },
      undefined,
      "192.0.2.60",
    );
    expect(response.statusCode).toBe(429);
    // Another client is not affected.
    await requestLink(uniqueEmail(), "192.0.2.61");
  });
});
