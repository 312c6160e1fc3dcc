import { listOutboxEndpoint } from "@wonderkin/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationEmail } from "../../src/emails";
import { devMailRoutes } from "../../src/http/dev-mail-routes";
import { registerErrorHandling } from "../../src/http/error-handler";
import { registerSecurityHeaders } from "../../src/http/security-headers";
import { createOutboxMailer } from "../../src/providers/mailer/outbox-mailer";
import { createTestDatabase, type TestDatabase } from "../test-database";

const appName = "Pixie Portraits";
const hostileName = "<script>alert(1)</script>";
const adaLink = "http://localhost:3000/api/auth/verify-email?token=tok_ada&callbackURL=%2F";

let testDatabase: TestDatabase;
let app: FastifyInstance;
let adaId: number;

/** The routes on their own, with the app's validation, error handling and security headers. */
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const db = testDatabase.connection.db;
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, { https: false });
  await app.register(devMailRoutes({ db, appName }));
  await app.ready();

  const mailer = createOutboxMailer({ db, logger: { info: () => {} } });
  const ada = verificationEmail({ appName, firstName: hostileName, url: adaLink });
  await mailer.send({ to: "Ada@Example.com", kind: "email-verification", link: adaLink, ...ada });
  await mailer.send({
    to: "grace@example.com",
    kind: "account-notice",
    subject: "Password changed",
    html: "<p>Changed</p>",
    text: "Changed",
  });
  const { messages } = listOutboxEndpoint.response.parse(
    (await app.inject({ method: "GET", url: "/api/dev/outbox?to=ada@example.com" })).json(),
  );
  adaId = messages[0]?.id ?? 0;
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.drop();
});

describe("GET /api/dev/outbox", () => {
  it("lists the messages newest first, as the contract describes", async () => {
    const response = await app.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(response.statusCode).toBe(200);
    const body = listOutboxEndpoint.response.parse(response.json());
    expect(body.messages.map((message) => message.to)).toEqual(["grace@example.com", "Ada@Example.com"]);
    expect(body.messages[0]).toMatchObject({
      subject: "Password changed",
      kind: "account-notice",
      link: null,
    });
    expect(Object.keys(body.messages[0] ?? {}).sort()).toEqual(
      ["createdAt", "id", "kind", "link", "subject", "text", "to"].sort(),
    );
  });

  it("filters by recipient, ignoring letter case", async () => {
    const response = await app.inject({ method: "GET", url: "/api/dev/outbox?to=ADA%40example.com" });
    const body = listOutboxEndpoint.response.parse(response.json());
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ id: adaId, kind: "email-verification", link: adaLink });
    expect(body.messages[0]?.text).toContain(adaLink);
  });

  it("refuses a recipient that is not an e-mail address with 400 VALIDATION_FAILED", async () => {
    const response = await app.inject({ method: "GET", url: "/api/dev/outbox?to=not-an-address" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });
});

describe("GET /dev/mailbox", () => {
  it("lists every message with recipient, subject, kind, time and a clickable link", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const page = response.body;
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain(`${appName} dev mailbox`);
    expect(page).toContain("Ada@Example.com");
    expect(page).toContain("grace@example.com");
    expect(page).toContain("Verify your e-mail address for Pixie Portraits");
    expect(page).toContain("email-verification");
    expect(page).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+Z">/);
    expect(page).toContain(`<a href="${adaLink.replaceAll("&", "&amp;")}">`);
    expect(page).toContain(`href="/dev/mailbox/${adaId}"`);
  });

  it("escapes the stored text it shows", async () => {
    const page = (await app.inject({ method: "GET", url: "/dev/mailbox" })).body;
    expect(page).not.toContain("<script");
    expect(page).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt;,");
  });

  it("works under the app's strict CSP: a linked stylesheet, no inline styles or scripts", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(response.headers["content-security-policy"]).toContain("style-src 'self'");
    expect(response.body).toContain('<link rel="stylesheet" href="/dev/mailbox.css"/>');
    expect(response.body).not.toMatch(/<style|\sstyle=|<script/i);

    const css = await app.inject({ method: "GET", url: "/dev/mailbox.css" });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.body).toContain("body {");
  });

  it("filters by recipient", async () => {
    const page = (await app.inject({ method: "GET", url: "/dev/mailbox?to=GRACE%40example.com" })).body;
    expect(page).toContain("Password changed");
    expect(page).not.toContain("Ada@Example.com");
  });
});

describe("GET /dev/mailbox/:id", () => {
  it("shows the stored HTML with a CSP that lets its inline styles apply and nothing else", async () => {
    const response = await app.inject({ method: "GET", url: `/dev/mailbox/${adaId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:",
    );
    expect(response.body.startsWith("<!doctype html>")).toBe(true);
    expect(response.body).toContain("Verify your e-mail address");
  });

  it("answers an unknown message with 404 NOT_FOUND", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/mailbox/999999" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers an id that is not a number with 400", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/mailbox/abc" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
