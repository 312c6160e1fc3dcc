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

  it("judges by the connection, not by a forwarded address the client wrote", async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    const app = t.app;
    const from = (remoteAddress: string, forwardedFor: string) =>
      app.inject({
        method: "GET",
        url: "/dev/mailbox",
        remoteAddress,
        headers: { "x-forwarded-for": forwardedFor },
      });
    // Another machine claiming to be this one.
    const forged = await from("203.0.113.5", "127.0.0.1");
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe("NOT_FOUND");
    // A proxy on this machine forwarding someone else.
    expect((await from("127.0.0.1", "203.0.113.5")).statusCode).toBe(404);
    // This machine, directly or through a local proxy (Vite's), is still let in.
    expect((await from("127.0.0.1", "127.0.0.1")).statusCode).toBe(200);
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
