import net from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadEnv } from "../../src/config/env";
import { createStorage } from "../../src/providers/storage";
import { createTestApp, type TestApp } from "../create-test-app";
import { verifiedParent } from "../support/families";
import { PASSWORD, post } from "../support/identity";

/*
 * Issue #19's attack run, as tests: NUL bytes, logs, cross-site cookie requests, slow clients and
 * media links that outlive their purpose.
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp(
    { HTTP_HEADERS_TIMEOUT_SECONDS: "1", HTTP_REQUEST_TIMEOUT_SECONDS: "2", MEDIA_URL_TTL_SECONDS: "900" },
    {
      logger: { level: "error", stream: logStream },
      extend(instance) {
        // A value only the database refuses (class 22), and a failure of ours holding a secret value.
        instance.post("/api/test/data-exception", async () => {
          await t.database.db.execute(sql`select ${"not a number"}::int`);
          return { ok: true };
        });
        instance.post("/api/test/database-fault", async () => {
          await t.database.db.execute(sql`select * from no_such_table where secret = ${"s3cret-value"}`);
          return { ok: true };
        });
      },
    },
  );
  app = t.app;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe("NUL bytes and broken Unicode", () => {
  it("are refused with 400 VALIDATION_FAILED naming the field, on the app's endpoints", async () => {
    const parent = await verifiedParent(app, t.database.db);
    const response = await post(app, "/api/user/update", { firstName: "a\u0000b" }, parent.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Invalid body.firstName: must not contain a NUL character",
    });
    const surrogate = await post(app, "/api/user/update", { lastName: "x\uD800" }, parent.token);
    expect(surrogate.json().details).toEqual([
      { path: "body.lastName", message: "must be valid Unicode text" },
    ]);
  });

  it("are refused before Better Auth sees them, signed in or not", async () => {
    const signIn = await post(app, "/api/auth/sign-in/email", {
      email: "a\u0000b@example.com",
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const callback = await app.inject({ method: "GET", url: "/api/auth/callback/google?code=a%00b" });
    expect(callback.statusCode).toBe(400);
  });

  it("are refused in query strings and path parameters", async () => {
    const picture = await app.inject({
      method: "GET",
      url: "/api/organization/picture/fam%00ily/v1.webp?expires=1",
    });
    expect(picture.statusCode).toBe(400);
    expect(picture.json().code).toBe("VALIDATION_FAILED");
  });
});

describe("database errors", () => {
  it("map a data exception (SQLSTATE class 22) to 400, not 500", async () => {
    const response = await app.inject({ method: "POST", url: "/api/test/data-exception", payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
  });

  it("log the request id, route, code and SQLSTATE, never the SQL's parameters", async () => {
    logLines.length = 0;
    const response = await app.inject({
      method: "POST",
      url: "/api/test/database-fault",
      headers: { "x-request-id": "req-19-log-check" },
      payload: { note: "body-text-must-not-be-logged" },
    });
    expect(response.statusCode).toBe(500);
    const lines = logLines.join("\n");
    const entry = JSON.parse(logLines.find((line) => line.includes("request failed")) ?? "{}");
    expect(entry).toMatchObject({
      reqId: "req-19-log-check",
      route: "/api/test/database-fault",
      code: "INTERNAL_ERROR",
      error: { sqlState: "42P01" },
    });
    expect(lines).not.toContain("s3cret-value");
    expect(lines).not.toContain("no_such_table where");
    expect(lines).not.toContain("body-text-must-not-be-logged");
  });
});

describe("cookie-authenticated requests from another website", () => {
  async function cookieOf(email: string) {
    const response = await post(app, "/api/auth/sign-in/email", { email, password: PASSWORD });
    const cookies = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
  }

  it("are refused with 403 CROSS_SITE_REQUEST; the app's own origin and bearer tokens are not", async () => {
    const parent = await verifiedParent(app, t.database.db);
    const cookie = await cookieOf(parent.email);
    expect(cookie).toContain("session_token=");
    const call = (headers: Record<string, string>) =>
      app.inject({ method: "POST", url: "/api/user/get", payload: {}, headers });

    const foreign = await call({ cookie, origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "CROSS_SITE_REQUEST" });
    const noOrigin = await call({ cookie, "sec-fetch-site": "cross-site" });
    expect(noOrigin.statusCode).toBe(403);

    expect((await call({ cookie, origin: "http://localhost:3000" })).statusCode).toBe(200);
    expect((await call({ cookie, "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    const bearer = await call({ authorization: `Bearer ${parent.token}`, origin: "https://evil.example" });
    expect(bearer.statusCode).toBe(200);
  });
});

describe("media links", () => {
  it("stop working after MEDIA_URL_TTL_SECONDS, and caches keep them no longer", async () => {
    const portraitKey = "families/f1/children/1/portraits/p1.jpg";
    const photoKey = "families/f1/children/1/photos/ph1.jpg";
    await t.storage.put(portraitKey, Buffer.from("portrait"), "image/jpeg");
    await t.storage.put(photoKey, Buffer.from("photo"), "image/jpeg");
    vi.useFakeTimers({ toFake: ["Date"] });
    const issued = Date.now();
    const portrait = await t.storage.signedUrl(portraitKey);
    const photo = await t.storage.signedUrl(photoKey);

    const served = await app.inject({ method: "GET", url: portrait });
    expect(served.statusCode).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(String(served.headers["cache-control"]))?.[1]);
    expect(served.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    // Expiries are rounded down to the minute (up to 59 s off) and max-age down to the second: with
    // the clock frozen, at least 900 − 59 − 1.
    expect(maxAge).toBeGreaterThanOrEqual(840);
    expect(maxAge).toBeLessThanOrEqual(900);
    const photoServed = await app.inject({ method: "GET", url: photo });
    expect(photoServed.headers["cache-control"]).toBe("private, no-store");

    vi.setSystemTime(issued + 14 * 60_000);
    const later = await app.inject({ method: "GET", url: portrait });
    expect(later.statusCode).toBe(200);
    expect(Number(/max-age=(\d+)/.exec(String(later.headers["cache-control"]))?.[1])).toBeLessThanOrEqual(60);

    vi.setSystemTime(issued + 15 * 60_000 + 1000);
    const expired = await app.inject({ method: "GET", url: portrait });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().code).toBe("NOT_FOUND");
  });
});

describe("presigned S3 addresses", () => {
  it("live as long as MEDIA_URL_TTL_SECONDS says", async () => {
    const env = loadEnv({
      STORAGE_PROVIDER: "s3",
      S3_BUCKET: "wonderkin-test",
      S3_ACCESS_KEY_ID: "test-key",
      S3_SECRET_ACCESS_KEY: "test-secret",
      MEDIA_URL_TTL_SECONDS: "600",
    });
    const storage = createStorage(env, { secret: "unused-for-s3" });
    const url = new URL(await storage.signedUrl("families/f1/children/1/portraits/p1.jpg"));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
  });
});

describe("slow clients", () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  /** Opens a connection, writes `data` (and nothing more), and resolves with what came back. */
  function trickle(data: string): Promise<{ response: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(data));
      let response = "";
      socket.on("data", (chunk) => {
        response += String(chunk);
      });
      socket.on("error", reject);
      socket.on("close", () => resolve({ response }));
      // The server is set to cut after 1 s (headers) and 2 s (request); its defaults are 15 s and
      // 120 s. A cut before this 10 s watchdog is the configured one, however busy the machine.
      setTimeout(() => {
        socket.destroy();
        reject(new Error("the server kept a slow connection open"));
      }, 10_000).unref();
    });
  }

  it("are cut off when the headers do not arrive in time", async () => {
    const { response } = await trickle("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(response).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it("are cut off when the body does not arrive in time", async () => {
    const { response } = await trickle(
      'POST /api/user/get HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
    );
    expect(response).toMatch(/^HTTP\/1\.1 408/);
  });
});
