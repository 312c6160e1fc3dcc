import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/db/schema";
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

const mails = (to: string, kind: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

describe("password changed", () => {
  it("is sent once when the password is changed, and not for a refused attempt", async () => {
    const { email } = await signUp(t.app, { firstName: "Ada" });
    const session = await tokenFor(t.app, email);
    const body = { newPassword: "a new secret here", revokeOtherSessions: true };
    const wrong = await post(
      t.app,
      "/api/auth/change-password",
      { ...body, currentPassword: "nope nope" },
      session,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await mails(email, "password-changed")).toHaveLength(0);

    const changed = await post(
      t.app,
      "/api/auth/change-password",
      { ...body, currentPassword: PASSWORD },
      session,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const notices = await mails(email, "password-changed");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe("Your Wonderkin password was changed");
    expect(notices[0]?.text).toContain("Hi Ada,");
    expect(notices[0]?.text).toContain("was changed on");
    // "This wasn't me" opens the page that mails a reset link to this very address.
    expect(notices[0]?.link).toBe("http://localhost:3000/reset-password");
    expect(notices[0]?.html).toContain('href="http://localhost:3000/reset-password"');
  });

  it("is sent when the password is reset with the e-mailed link", async () => {
    const { email } = await signUp(t.app, { firstName: "Bea" });
    await post(t.app, "/api/auth/send-password-reset-email", { email });
    const token = tokenOfLink((await latestMail(t.database.db, email, "password-reset"))?.link);
    const reset = await post(t.app, "/api/auth/reset-password", { token, newPassword: "brand new secret" });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await post(t.app, "/api/auth/reset-password", { token, newPassword: "another secret!" });
    expect(again.statusCode).toBe(400);
    const notices = await mails(email, "password-changed");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("was reset with an e-mailed link");
  });
});

describe("e-mail changed", () => {
  async function moveAccount(firstName: string) {
    const { email } = await signUp(t.app, { firstName });
    const session = await tokenFor(t.app, email);
    const newEmail = uniqueEmail("moved");
    const asked = await post(
      t.app,
      "/api/user/change-email",
      { newEmail, currentPassword: PASSWORD },
      session,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const token = tokenOfLink((await latestMail(t.database.db, newEmail, "email-change"))?.link);
    const confirmed = await post(t.app, "/api/auth/verify-email", { token });
    expect(confirmed.json()).toEqual({ emailVerified: true, email: newEmail });
    return { email, newEmail, session };
  }

  it("tells the old address, once, with a way back", async () => {
    const { email, newEmail } = await moveAccount("Cleo");
    const notices = await mails(email, "email-changed");
    expect(notices).toHaveLength(1);
    expect(await mails(newEmail, "email-changed")).toHaveLength(0);
    expect(notices[0]?.subject).toBe("Your Wonderkin e-mail address was changed");
    expect(notices[0]?.text).toContain(`now uses ${newEmail}`);
    expect(notices[0]?.text).toContain("This link is valid for 7 days.");
    expect(notices[0]?.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
  });

  it("'this wasn't me' moves the account back, signs everyone out, stops the password and mails a reset link", async () => {
    const { email, newEmail, session } = await moveAccount("Dan");
    const token = tokenOfLink((await latestMail(t.database.db, email, "email-changed"))?.link);
    const secured = await post(t.app, "/api/auth/verify-email", { token });
    expect(secured.statusCode, secured.body).toBe(200);
    expect(secured.json()).toEqual({ emailVerified: true, email, accountSecured: true });

    expect((await post(t.app, "/api/user/get", {}, session)).statusCode).toBe(401);
    expect((await signIn(t.app, newEmail)).statusCode).toBe(401);
    expect((await signIn(t.app, email)).statusCode).toBe(401);
    const reset = await latestMail(t.database.db, email, "password-reset");
    const resetToken = tokenOfLink(reset?.link);
    const chosen = await post(t.app, "/api/auth/reset-password", {
      token: resetToken,
      newPassword: "mine again now",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await tokenFor(t.app, email, "mine again now");

    const reused = await post(t.app, "/api/auth/verify-email", { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("VERIFICATION_LINK_INVALID");
  });

  it("'this wasn't me' also kills the reset and e-mail sign-in links the intruder asked for at their address", async () => {
    const { email, newEmail } = await moveAccount("Fay");
    // The intruder, who knew the password and now owns the account's address, asks for a way back in.
    const asked = await post(t.app, "/api/auth/send-password-reset-email", { email: newEmail });
    expect(asked.statusCode, asked.body).toBe(200);
    const intruderReset = tokenOfLink((await latestMail(t.database.db, newEmail, "password-reset"))?.link);
    const linkAsked = await post(t.app, "/api/auth/sign-in/magic-link", { email: newEmail });
    expect(linkAsked.statusCode, linkAsked.body).toBe(200);
    const intruderLink = tokenOfLink((await latestMail(t.database.db, newEmail, "email-link-sign-in"))?.link);

    const revert = tokenOfLink((await latestMail(t.database.db, email, "email-changed"))?.link);
    const secured = await post(t.app, "/api/auth/verify-email", { token: revert });
    expect(secured.statusCode, secured.body).toBe(200);

    const reset = await post(t.app, "/api/auth/reset-password", {
      token: intruderReset,
      newPassword: "the intruder's own",
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe("INVALID_TOKEN");
    expect((await signIn(t.app, email, "the intruder's own")).statusCode).toBe(401);
    const link = await post(t.app, "/api/auth/complete-email-link", { email: newEmail, token: intruderLink });
    expect(link.statusCode).toBe(400);
    // The address the account was moved to learns what happened (and whom to ask if it was them).
    const notices = await mails(newEmail, "account-secured");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("this wasn't me");
    // The owner's own reset link, sent after the links were revoked, still works.
    const ownReset = tokenOfLink((await latestMail(t.database.db, email, "password-reset"))?.link);
    const chosen = await post(t.app, "/api/auth/reset-password", {
      token: ownReset,
      newPassword: "mine again now",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  });

  it("refuses the way back when another account has taken the old address meanwhile", async () => {
    const { email } = await moveAccount("Eve");
    const token = tokenOfLink((await latestMail(t.database.db, email, "email-changed"))?.link);
    await signUp(t.app, { email });
    const refused = await post(t.app, "/api/auth/verify-email", { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("EMAIL_IN_USE");
  });
});
