import { apiErrorSchema } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../src/lib/app-error";
import { createTestApp, type TestApp } from "../create-test-app";

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp(
    {},
    {
      extend(instance) {
        const typed = instance.withTypeProvider<ZodTypeProvider>();
        typed.post(
          "/api/test/echo",
          { schema: { body: z.object({ name: z.string().min(2), age: z.number().int().positive() }) } },
          async (request) => ({ hello: request.body.name }),
        );
        typed.get("/api/test/conflict", async () => {
          throw new AppError(409, "CHILD_LIMIT_REACHED", "Your plan allows one child.");
        });
        typed.get("/api/test/crash", async () => {
          throw new Error("connection string postgres://secret@db leaked?");
        });
      },
    },
  );
  app = testApp.app;
});

afterAll(() => testApp.close());

function expectErrorShape(body: unknown) {
  expect(apiErrorSchema.safeParse(body).success).toBe(true);
}

describe("the JSON error shape", () => {
  it("answers an unknown API route with 404 NOT_FOUND", async () => {
    const response = await app.inject({ method: "GET", url: "/api/does-not-exist?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Nothing here: GET /api/does-not-exist" });
  });

  it("answers invalid input with 400 VALIDATION_FAILED and the fields at fault", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload: { name: "A", age: -1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorShape(body);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.details.map((issue: { path: string }) => issue.path).sort()).toEqual([
      "body.age",
      "body.name",
    ]);
    expect(body.message).toMatch(/^Invalid body\./);
  });

  it("answers malformed JSON with 400 BAD_REQUEST", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "BAD_REQUEST",
      message: "The request body is not valid JSON.",
    });
  });

  it("answers an unsupported content type with 415", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/xml" },
      payload: "<x/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers a body over the limit with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload: { name: "x".repeat(1_100_000), age: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("passes a domain error's status, code and message through", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/conflict" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CHILD_LIMIT_REACHED", message: "Your plan allows one child." });
  });

  it("answers an unexpected failure with 500 and no internals", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: "INTERNAL_ERROR",
      message: "Something went wrong on our side. Please try again.",
    });
    expect(response.body).not.toContain("postgres://");
  });
});

describe("request ids", () => {
  it("gives every response an id", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a load balancer's sane id and replaces an unsafe one", async () => {
    const kept = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-1234.abc" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-1234.abc");
    const replaced = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>alert(1)</script>" },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("security headers", () => {
  it("send a strict Content-Security-Policy", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("requests Node cannot parse", () => {
  it("get the JSON error shape too", async () => {
    const { createConnection } = await import("node:net");
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ host: "127.0.0.1", port: Number(port) }, () => {
        socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\nBad\u0001Header: y\r\n\r\n");
      });
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString();
      });
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({
      code: "BAD_REQUEST",
      message: "The request could not be read.",
    });
  });
});
