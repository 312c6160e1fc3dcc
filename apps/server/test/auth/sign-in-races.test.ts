import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailure } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { post, signUp } from "../support/identity";

/**
 * Guesses sent all at once (decision 0042): the throttle decides and counts each attempt in one
 * step, so no more passwords are checked than the limits allow however the requests interleave.
 * Every guess is wrong, so each 401 is one password checked.
 */
const MAX_FAILURES = 5;
const ACCOUNT_MAX_FAILURES = 12;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_MAX_FAILURES: String(MAX_FAILURES),
    SIGN_IN_ACCOUNT_MAX_FAILURES: String(ACCOUNT_MAX_FAILURES),
    // Better Auth's own per-address limiter and the overload guard (bodies arriving per client,
    // requests in flight) are not what is tested here.
    SIGN_IN_IP_LIMIT: "10000",
    HTTP_MAX_BODIES_PER_CLIENT: "10000",
    HTTP_MAX_IN_FLIGHT: "10000",
  });
});
afterAll(() => t.close());

function guess(email: string, from: string, attempt: number) {
  return post(
    t.app,
    "/api/auth/sign-in/email",
    { email, password: `wrong-guess-${attempt}` },
    undefined,
    from,
  );
}

async function failuresRecorded(email: string) {
  return (await t.database.db.select().from(signInFailure).where(eq(signInFailure.email, email))).length;
}

describe("sign-in guesses sent at once", () => {
  it("checks at most the client's free failures of 60 guesses from one client; the rest wait", async () => {
    const { email } = await signUp(t.app);
    // A request refused before any password is checked is no failure: it spends none of the five.
    const malformed = await post(
      t.app,
      "/api/auth/sign-in/email",
      { email, password: 42 },
      undefined,
      "203.0.113.10",
    );
    expect(malformed.statusCode).toBe(400);
    expect(await failuresRecorded(email)).toBe(0);

    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => guess(email, "203.0.113.10", i)));
    const checked = answers.filter((answer) => answer.statusCode === 401);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(checked.length + refused.length).toBe(60);
    for (const answer of refused) {
      expect(answer.json().code).toBe("TOO_MANY_ATTEMPTS");
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await failuresRecorded(email)).toBe(checked.length);
  });

  it("checks at most the account's ceiling of 240 guesses from 8 clients", async () => {
    const { email } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 240 }, (_, i) => guess(email, `198.51.100.${(i % 8) + 1}`, i)),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401);
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_MAX_FAILURES);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBe(240 - checked.length);
    expect(await failuresRecorded(email)).toBe(checked.length);
  });
});
