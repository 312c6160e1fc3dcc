import { authMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import {
  latestMail,
  PASSWORD,
  post,
  signIn,
  signUp,
  tokenFor,
  tokenOfLink,
  uniqueEmail,
} from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("forgotten password", () => {
  it("resets with the e-mailed link once, signs other devices out, and the new password works", async () => {
    const { email } = await signUp(t.app);
    const oldSession = await tokenFor(t.app, email);
    const sent = await post(t.app, "/api/auth/send-password-reset-email", { email });
    expect(sent.json()).toEqual({ sent: true });
    const mail = await latestMail(t.database.db, email, "password-reset");
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = tokenOfLink(mail?.link);

    const reset = await post(t.app, "/api/auth/reset-password", { token, newPassword: "a brand new secret" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post(t.app, "/api/user/get", {}, oldSession)).statusCode).toBe(401);
    expect((await signIn(t.app, email, PASSWORD)).statusCode).toBe(401);
    await tokenFor(t.app, email, "a brand new secret");

    const again = await post(t.app, "/api/auth/reset-password", { token, newPassword: "yet another secret" });
    expect(again.statusCode).toBe(400);
  });

  it("answers the same for an address without an account, and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const sent = await post(t.app, "/api/auth/send-password-reset-email", { email });
    expect(sent.json()).toEqual({ sent: true });
    expect(await latestMail(t.database.db, email, "password-reset")).toBeUndefined();
  });
});

describe("changing the password", () => {
  it("needs the current password and signs other sessions out", async () => {
    const { email } = await signUp(t.app);
    const phone = await tokenFor(t.app, email);
    const laptop = await tokenFor(t.app, email);
    const wrong = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: "not it at all", newPassword: "new password here", revokeOtherSessions: true },
      laptop,
    );
    expect(wrong.statusCode).toBe(400);
    const changed = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: PASSWORD, newPassword: "new password here", revokeOtherSessions: true },
      laptop,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await post(t.app, "/api/user/get", {}, phone)).statusCode).toBe(401);
    await tokenFor(t.app, email, "new password here");
  });
});

describe("the user record", () => {
  it("is the spec's record, and a social profile fills only what is missing", async () => {
    const { email } = await signUp(t.app, { firstName: "Ada" });
    const session = await tokenFor(t.app, email);
    const filled = await post(
      t.app,
      "/api/user/get",
      { first_name: "Augusta", last_name: "King", avatar_url: "https://example.com/ada.png" },
      session,
    );
    expect(filled.json()).toMatchObject({
      firstName: "Ada",
      lastName: "King",
      email,
      emailVerified: false,
      totalCredits: 0,
      avatarUrl: "https://example.com/ada.png",
    });
    expect(filled.json().betterAuthUid).toMatch(/\w+/);
    expect(filled.json().defaultOrganizationId).toMatch(/\w+/);
  });

  it("updates names and avatar", async () => {
    const { email } = await signUp(t.app);
    const session = await tokenFor(t.app, email);
    const response = await post(
      t.app,
      "/api/user/update",
      { firstName: "Grace", lastName: "Hopper" },
      session,
    );
    expect(response.json()).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
    const [row] = await t.database.db.select({ name: user.name }).from(user).where(eq(user.email, email));
    expect(row?.name).toBe("Grace Hopper");
    const bad = await post(t.app, "/api/user/update", { firstName: "" }, session);
    expect(bad.statusCode).toBe(400);
  });

  it("answers 'User not found in DB' when the session outlives its user record", async () => {
    const { email } = await signUp(t.app);
    const session = await tokenFor(t.app, email);
    const response = await post(t.app, "/api/user/get", {}, session);
    expect(response.statusCode).toBe(200);
    // Sessions are deleted with the user (cascade), so a lost record means no session either.
    await t.database.db.delete(user).where(eq(user.email, email));
    expect((await post(t.app, "/api/user/get", {}, session)).statusCode).toBe(401);
  });
});

describe("changing the e-mail address", () => {
  it("needs the current password, then moves the account when the new address is confirmed", async () => {
    const { email } = await signUp(t.app);
    const session = await tokenFor(t.app, email);
    const newEmail = uniqueEmail("moved");

    const wrong = await post(
      t.app,
      "/api/user/change-email",
      { newEmail, currentPassword: "wrong password" },
      session,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "WRONG_PASSWORD", message: authMessages.wrongPassword });

    const asked = await post(
      t.app,
      "/api/user/change-email",
      { newEmail, currentPassword: PASSWORD },
      session,
    );
    expect(asked.json()).toEqual({ sent: true, email: newEmail });
    // Nothing changes until the new address is proven.
    expect((await post(t.app, "/api/user/get", {}, session)).json().email).toBe(email);

    const token = tokenOfLink((await latestMail(t.database.db, newEmail, "email-change"))?.link);
    const confirmed = await post(t.app, "/api/auth/verify-email", { token });
    expect(confirmed.json()).toEqual({ emailVerified: true, email: newEmail });
    expect((await post(t.app, "/api/user/get", {}, session)).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    expect(await latestMail(t.database.db, email, "email-changed")).toBeDefined();
    await tokenFor(t.app, newEmail);
  });

  it("refuses an address that another account has", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const session = await tokenFor(t.app, second.email);
    const response = await post(
      t.app,
      "/api/user/change-email",
      { newEmail: first.email, currentPassword: PASSWORD },
      session,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("EMAIL_IN_USE");
  });
});
