import { authMessages } from "@wonderkin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import { post, signIn, signUp, tokenFor } from "../support/identity";

const ADMIN_TOKEN = "admin-token-that-is-long-enough-1234567890";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_API_TOKEN: ADMIN_TOKEN });
});
afterAll(() => t.close());

describe("POST /api/admin/users/set-disabled", () => {
  it("disables (ending sessions) and re-enables an account", async () => {
    const { email } = await signUp(t.app);
    const session = await tokenFor(t.app, email);
    const disabled = await post(
      t.app,
      "/api/admin/users/set-disabled",
      { email, disabled: true },
      ADMIN_TOKEN,
    );
    expect(disabled.json()).toEqual({ email, disabled: true, sessionsEnded: 1 });
    expect((await post(t.app, "/api/user/get", {}, session)).statusCode).toBe(401);
    expect((await signIn(t.app, email)).json().message).toBe(authMessages.accountDisabled);

    await post(t.app, "/api/admin/users/set-disabled", { email, disabled: false }, ADMIN_TOKEN);
    await tokenFor(t.app, email);
  });

  it("refuses callers without the token, and says so for unknown accounts", async () => {
    for (const token of [undefined, "wrong", `${ADMIN_TOKEN}x`]) {
      const response = await post(
        t.app,
        "/api/admin/users/set-disabled",
        { email: "a@example.com", disabled: true },
        token,
      );
      expect(response.statusCode).toBe(401);
    }
    const unknown = await post(
      t.app,
      "/api/admin/users/set-disabled",
      { email: "nobody@example.com", disabled: true },
      ADMIN_TOKEN,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("does not exist without ADMIN_API_TOKEN", async () => {
    const plain = await createTestApp();
    try {
      const response = await post(plain.app, "/api/admin/users/set-disabled", {
        email: "a@example.com",
        disabled: true,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("POST /api/admin/credits/adjust", () => {
  it("adjusts a parent's credits through the ledger, never below zero", async () => {
    const { email } = await signUp(t.app);
    const token = await tokenFor(t.app, email);
    const gift = await post(
      t.app,
      "/api/admin/credits/adjust",
      { email, delta: 25, note: "Sorry for the wait" },
      ADMIN_TOKEN,
    );
    expect(gift.json()).toEqual({ email, totalCredits: 25 });
    expect((await post(t.app, "/api/user/credits", {}, token)).json()).toEqual({ totalCredits: 25 });
    const tooMuch = await post(
      t.app,
      "/api/admin/credits/adjust",
      { email, delta: -26, note: "Correction" },
      ADMIN_TOKEN,
    );
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json().code).toBe("INSUFFICIENT_CREDITS");
    const down = await post(
      t.app,
      "/api/admin/credits/adjust",
      { email, delta: -25, note: "Correction" },
      ADMIN_TOKEN,
    );
    expect(down.json().totalCredits).toBe(0);
    expect(
      (await post(t.app, "/api/admin/credits/adjust", { email, delta: 5, note: "x" }, "wrong")).statusCode,
    ).toBe(401);
    const nobody = await post(
      t.app,
      "/api/admin/credits/adjust",
      { email: "nobody@example.com", delta: 5, note: "x" },
      ADMIN_TOKEN,
    );
    expect(nobody.statusCode).toBe(404);
  });
});
