import { authMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, signInFailure, user } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { PASSWORD, post, signIn, signUp, tokenFor, uniqueEmail } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: "5", SIGN_IN_FAILURE_WINDOW_MINUTES: "15" });
});
afterAll(() => t.close());

describe("signing in with e-mail and password", () => {
  it("returns a bearer session token that authenticates product requests", async () => {
    const { email } = await signUp(t.app);
    const token = await tokenFor(t.app, email);
    const me = await post(t.app, "/api/user/get", {}, token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: "Ada", emailVerified: false, totalCredits: 0 });
  });

  it("answers a wrong password and an unknown e-mail alike; the methods lookup tells them apart", async () => {
    const { email } = await signUp(t.app);
    const wrong = await signIn(t.app, email, "not the password");
    const unknown = await signIn(t.app, uniqueEmail("nobody"), PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("INVALID_EMAIL_OR_PASSWORD");
    }
    const known = await post(t.app, "/api/auth/sign-in-methods", { email });
    expect(known.json()).toEqual({ methods: ["password", "email-link"] });
    const none = await post(t.app, "/api/auth/sign-in-methods", { email: uniqueEmail("nobody") });
    expect(none.json()).toEqual({ methods: [] });
  });

  it("refuses an invalid e-mail address", async () => {
    const response = await signIn(t.app, "not-an-email");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("INVALID_EMAIL");
  });

  it("throttles an address after 5 failures, even with the right password, and a success forgives", async () => {
    const { email } = await signUp(t.app);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signIn(t.app, email, `wrong-${attempt}-password`)).statusCode).toBe(401);
    }
    // Four failures, then a success: the count starts again.
    await tokenFor(t.app, email);
    expect(await t.database.db.select().from(signInFailure).where(eq(signInFailure.email, email))).toEqual(
      [],
    );

    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(t.app, email, `wrong-${attempt}-password`)).statusCode).toBe(401);
    }
    const throttled = await signIn(t.app, email);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: authMessages.tooManyRequests,
    });

    // Another address is not affected.
    const other = await signUp(t.app);
    await tokenFor(t.app, other.email);
  });

  it("lets failures age out of the window", async () => {
    const { email } = await signUp(t.app);
    for (let attempt = 0; attempt < 5; attempt++) await signIn(t.app, email, `wrong-${attempt}-password`);
    expect((await signIn(t.app, email)).statusCode).toBe(429);
    await t.database.db
      .update(signInFailure)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInFailure.email, email));
    await tokenFor(t.app, email);
  });

  it("refuses a disabled account with its own message, and its existing sessions stop working", async () => {
    const { email } = await signUp(t.app);
    const token = await tokenFor(t.app, email);
    await t.database.db.update(user).set({ disabledAt: new Date() }).where(eq(user.email, email));

    const response = await signIn(t.app, email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "ACCOUNT_DISABLED",
      message: authMessages.accountDisabled,
    });
    const me = await post(t.app, "/api/user/get", {}, token);
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe("ACCOUNT_DISABLED");
  });

  it("signs out: the session is revoked on the server", async () => {
    const { email } = await signUp(t.app);
    const token = await tokenFor(t.app, email);
    const out = await post(t.app, "/api/auth/sign-out", {}, token);
    expect(out.statusCode).toBe(200);
    expect((await post(t.app, "/api/user/get", {}, token)).statusCode).toBe(401);
    const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(
      await t.database.db
        .select()
        .from(session)
        .where(eq(session.userId, row?.id ?? "")),
    ).toEqual([]);
  });

  it("refuses product requests without a valid token", async () => {
    for (const token of [undefined, "garbage"]) {
      const response = await post(t.app, "/api/user/get", {}, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: "UNAUTHENTICATED", message: "Please sign in to continue." });
    }
  });
});
