import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvent, emailToken, user } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { latestMail, post, signUp, tokenFor, tokenOfLink } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function verificationStatus(token: string) {
  return (await post(t.app, "/api/user/verification-status", {}, token)).json().emailVerified as boolean;
}

describe("e-mail verification", () => {
  it("completes with the link from the e-mail, once", async () => {
    const { email } = await signUp(t.app);
    const session = await tokenFor(t.app, email);
    expect(await verificationStatus(session)).toBe(false);

    const token = tokenOfLink((await latestMail(t.database.db, email, "email-verification"))?.link);
    const first = await post(t.app, "/api/auth/verify-email", { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ emailVerified: true, email });
    expect(await verificationStatus(session)).toBe(true);

    const again = await post(t.app, "/api/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: "VERIFICATION_LINK_INVALID",
      message: "This link has expired or was already used.",
    });
    const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const events = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.userId, row?.id ?? ""));
    expect(events.filter((event) => event.name === "email_verified")).toHaveLength(1);
  });

  it("stores only a hash of the token", async () => {
    const { email } = await signUp(t.app);
    const token = tokenOfLink((await latestMail(t.database.db, email, "email-verification"))?.link);
    const rows = await t.database.db.select().from(emailToken).where(eq(emailToken.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses an expired link and a made-up one", async () => {
    const { email } = await signUp(t.app);
    const token = tokenOfLink((await latestMail(t.database.db, email, "email-verification"))?.link);
    await t.database.db
      .update(emailToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailToken.email, email));
    for (const attempt of [token, "made-up-token"]) {
      const response = await post(t.app, "/api/auth/verify-email", { token: attempt });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VERIFICATION_LINK_INVALID");
    }
  });

  it("resends on request, paced to one e-mail a minute, and only while unverified", async () => {
    const { email } = await signUp(t.app);
    const session = await tokenFor(t.app, email);
    // The sign-up e-mail went out moments ago.
    const tooSoon = await post(t.app, "/api/auth/send-verification-email", {}, session);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe("VERIFICATION_EMAIL_THROTTLED");

    await t.database.db
      .update(emailToken)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(emailToken.email, email));
    const resent = await post(t.app, "/api/auth/send-verification-email", {}, session);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ sent: true, email });

    const token = tokenOfLink((await latestMail(t.database.db, email, "email-verification"))?.link);
    expect((await post(t.app, "/api/auth/verify-email", { token })).statusCode).toBe(200);
    const after = await post(t.app, "/api/auth/send-verification-email", {}, session);
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe("EMAIL_ALREADY_VERIFIED");
  });

  it("needs a session to resend", async () => {
    const response = await post(t.app, "/api/auth/send-verification-email", {});
    expect(response.statusCode).toBe(401);
  });
});
