import { authMessages } from "@wonderkin/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, signInFailure, user } from "../../src/db/schema";
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

const ATTACKER = "203.0.113.66";

function signInFrom(remoteAddress: string, email: string, password = PASSWORD) {
  return post(t.app, "/api/auth/sign-in/email", { email, password }, undefined, remoteAddress);
}

/** Moves an address's recorded failures into the past, as if time had passed. */
async function ageFailures(email: string, seconds: number) {
  await t.database.db
    .update(signInFailure)
    .set({ createdAt: sql`${signInFailure.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(signInFailure.email, email));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_MAX_FAILURES: "5",
    SIGN_IN_FAILURE_WINDOW_MINUTES: "60",
    SIGN_IN_ACCOUNT_MAX_FAILURES: "12",
  });
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

  it("slows down the client that keeps failing, with growing delays, while the owner signs in elsewhere", async () => {
    const { email } = await signUp(t.app);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom(ATTACKER, email, `wrong-${attempt}-password`)).statusCode).toBe(401);
    }
    // The attacker's client waits, even with the right password (spec §8's message)…
    const throttled = await signInFrom(ATTACKER, email);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: authMessages.tooManyRequests,
    });
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(55);
    // The body says the same, for the page's "try again in N minutes" (decision 0054).
    expect(throttled.json().retryAfterSeconds).toBe(Number(throttled.headers["retry-after"]));
    // …the owner, on their own device, is not locked out.
    await tokenFor(t.app, email);

    // After the first minute one more guess, then twice as long.
    await ageFailures(email, 61);
    expect((await signInFrom(ATTACKER, email, "wrong-again-password")).statusCode).toBe(401);
    const longer = await signInFrom(ATTACKER, email, "wrong-once-more");
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers["retry-after"])).toBeGreaterThan(115);
    expect(longer.json().retryAfterSeconds).toBe(Number(longer.headers["retry-after"]));
  });

  it("tells an unknown address and a known one the same wait, from the throttle's window", async () => {
    const { email } = await signUp(t.app);
    const nobody = uniqueEmail("nobody");
    for (const address of [email, nobody]) {
      for (let attempt = 0; attempt < 5; attempt++) await signInFrom(ATTACKER, address, `wrong-${attempt}`);
    }
    // Each wait runs 60 s from the address's fifth failure: 30 s in the past, at most 30 s are left.
    await ageFailures(email, 30);
    await ageFailures(nobody, 30);
    for (const address of [email, nobody]) {
      const refused = await signInFrom(ATTACKER, address);
      expect(refused.statusCode).toBe(429);
      expect(Object.keys(refused.json()).sort()).toEqual(["code", "message", "retryAfterSeconds"]);
      expect(refused.json()).toMatchObject({
        code: "TOO_MANY_ATTEMPTS",
        message: authMessages.tooManyRequests,
      });
      const { retryAfterSeconds } = refused.json();
      expect(retryAfterSeconds).toBeGreaterThan(0);
      expect(retryAfterSeconds).toBeLessThanOrEqual(30);
      expect(refused.headers["retry-after"]).toBe(String(retryAfterSeconds));
    }
  });

  it("forgives a client's failures when that client signs in, and only that client's", async () => {
    const { email } = await signUp(t.app);
    for (let attempt = 0; attempt < 4; attempt++)
      await signInFrom(ATTACKER, email, `wrong-${attempt}-password`);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(t.app, email, `typo-${attempt}-password`);
    await tokenFor(t.app, email);
    const left = await t.database.db.select().from(signInFailure).where(eq(signInFailure.email, email));
    expect(left.map((row) => row.ipAddress)).toEqual(Array(4).fill(ATTACKER));
  });

  it("past the per-account ceiling, passwords stop working for everyone but the owner's e-mail link still does", async () => {
    const { email } = await signUp(t.app);
    // A botnet: many clients, a few guesses each, twelve in all (the ceiling set above).
    for (let client = 0; client < 4; client++) {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await signInFrom(`198.51.100.${client + 1}`, email, `guess-${attempt}`)).statusCode).toBe(
          401,
        );
      }
    }
    for (const from of [ATTACKER, "127.0.0.1"]) {
      const refused = await signInFrom(from, email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: "EMAIL_LINK_REQUIRED",
        message: authMessages.emailLinkRequired,
      });
      // Passwords work again when the oldest of the twelve failures leaves the 60-minute window.
      const { retryAfterSeconds } = refused.json();
      expect(retryAfterSeconds).toBeGreaterThan(55 * 60);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60 * 60);
      expect(refused.headers["retry-after"]).toBe(String(retryAfterSeconds));
    }
    // The link goes to the owner's mailbox, which the attacker cannot read.
    const requested = await post(t.app, "/api/auth/sign-in/magic-link", { email });
    expect(requested.statusCode, requested.body).toBe(200);
    const link = (await latestMail(t.database.db, email, "email-link-sign-in"))?.link;
    const completed = await post(t.app, "/api/auth/complete-email-link", { email, token: tokenOfLink(link) });
    expect(completed.statusCode, completed.body).toBe(200);
    const me = await post(t.app, "/api/user/get", {}, completed.json().token);
    expect(me.statusCode).toBe(200);
  });

  it("lets failures age out of the window", async () => {
    const { email } = await signUp(t.app);
    for (let attempt = 0; attempt < 5; attempt++) await signIn(t.app, email, `wrong-${attempt}-password`);
    expect((await signIn(t.app, email)).statusCode).toBe(429);
    await ageFailures(email, 61 * 60);
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
