import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { createTestApp, type TestApp } from "../create-test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const outbox = (remoteAddress = "127.0.0.1") =>
  t?.app.inject({ method: "GET", url: "/api/dev/outbox?to=parent@example.com", remoteAddress });

describe("the dev mailbox (it shows sign-in links)", () => {
  it("is open to this machine when the product runs locally", async () => {
    t = await createTestApp();
    expect((await outbox())?.statusCode).toBe(200);
    expect((await outbox("::ffff:127.0.0.1"))?.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(200);
  });

  it("is closed to other machines even then", async () => {
    t = await createTestApp();
    for (const address of ["203.0.113.5", "10.0.0.2", "::ffff:192.168.1.20"]) {
      const response = await outbox(address);
      expect(response?.statusCode, address).toBe(404);
      expect(response?.json().code).toBe("NOT_FOUND");
    }
  });

  it("does not exist when the product is deployed, or when switched off", async () => {
    t = await createTestApp({ PUBLIC_URL: "https://wonderkin.example" });
    expect((await outbox())?.statusCode).toBe(404);
    await t.close();
    t = await createTestApp({ DEV_MAILBOX: "off" });
    expect((await outbox())?.statusCode).toBe(404);
  });
});

describe("devMailboxEnabled", () => {
  it("follows the mailer, where the product runs and DEV_MAILBOX", () => {
    expect(loadEnv({}).devMailboxEnabled).toBe(true);
    expect(loadEnv({ PUBLIC_URL: "http://127.0.0.1:3100" }).devMailboxEnabled).toBe(true);
    expect(loadEnv({ PUBLIC_URL: "https://wonderkin.example" }).devMailboxEnabled).toBe(false);
    expect(loadEnv({ PUBLIC_URL: "https://wonderkin.example", DEV_MAILBOX: "on" }).devMailboxEnabled).toBe(
      true,
    );
    expect(loadEnv({ DEV_MAILBOX: "off" }).devMailboxEnabled).toBe(false);
    expect(
      loadEnv({ MAIL_PROVIDER: "smtp", SMTP_URL: "smtp://x", DEV_MAILBOX: "on" }).devMailboxEnabled,
    ).toBe(false);
  });
});
