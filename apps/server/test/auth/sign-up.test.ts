import { authMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, analyticsEvent, member, organization, user } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { latestMail, PASSWORD, post, signUp, uniqueEmail } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/auth/create-user", () => {
  it("creates the account, a personal family owned by the parent, and sends the verification e-mail", async () => {
    const email = uniqueEmail();
    const response = await post(t.app, "/api/auth/create-user", {
      firstName: " Ada ",
      email,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: "Your account is ready. Check your inbox to verify your e-mail.",
    });

    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ firstName: "Ada", emailVerified: false, totalCredits: 0 });
    const memberships = await t.database.db
      .select({ role: member.role, name: organization.name })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, row?.id ?? ""));
    expect(memberships).toEqual([{ role: "owner", name: "Ada's family" }]);

    const mail = await latestMail(t.database.db, email, "email-verification");
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{40,}$/);
    expect(mail?.text).toContain(mail?.link ?? "missing");

    const events = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.userId, row?.id ?? ""));
    expect(events.map((event) => [event.name, event.properties])).toEqual([["signup", { method: "email" }]]);
  });

  it("stores the password as an argon2id hash, never the password", async () => {
    const { email } = await signUp(t.app);
    const [row] = await t.database.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password).not.toContain(PASSWORD);
  });

  it("says the e-mail is already in use, whatever its case", async () => {
    const { email } = await signUp(t.app);
    const response = await post(t.app, "/api/auth/create-user", {
      firstName: "Bea",
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "EMAIL_IN_USE", message: authMessages.emailInUse });
  });

  it("refuses a bad e-mail, a short or overlong password, and a missing name, creating nothing", async () => {
    const cases = [
      { firstName: "Ada", email: "not-an-email", password: PASSWORD },
      { firstName: "Ada", email: uniqueEmail(), password: "short" },
      { firstName: "Ada", email: uniqueEmail(), password: "x".repeat(129) },
      { firstName: "  ", email: uniqueEmail(), password: PASSWORD },
    ];
    for (const body of cases) {
      const response = await post(t.app, "/api/auth/create-user", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      const rows = await t.database.db.select().from(user).where(eq(user.email, body.email));
      expect(rows).toEqual([]);
    }
    const invalid = await post(t.app, "/api/auth/create-user", cases[0]);
    expect(invalid.json().message).toContain(authMessages.invalidEmail);
  });

  it("accepts a 64-character password", async () => {
    await signUp(t.app, { password: "p".repeat(64) });
  });
});
