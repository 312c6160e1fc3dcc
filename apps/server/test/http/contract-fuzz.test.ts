import * as contract from "@wonderkin/contract";
import { apiErrorSchema, type Endpoint, FAMILY_HEADER } from "@wonderkin/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ALLOWED_AUTH_ROUTES } from "../../src/modules/auth/better-auth/auth-route-allowlist";
import { createTestApp, type TestApp } from "../create-test-app";
import { verifiedParent } from "../support/families";

/*
 * Malformed input against every endpoint of the contract (and Better Auth's own), with and without
 * a session: whatever arrives, the answer is a 4xx with {code, message} (or a 2xx when the input
 * happens to be valid), never a 5xx, and the server still works afterwards. Seeded, so a failure
 * reproduces; FUZZ_SEED picks another sequence of cases.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RANDOM_CASES_PER_ENDPOINT = 12;
const ADMIN_TOKEN = "fuzz-admin-token-that-is-long-enough-0123456789";

/** mulberry32: small, fast and good enough to pick cases reproducibly. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

function deeplyNested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

const MEGABYTE_STRING = "x".repeat(1_000_000);

/** Values no field should choke on, whatever its type. */
const hostileValues: readonly unknown[] = [
  "",
  "a\u0000b",
  "\u0000",
  "\u0001\u0008\u001b[31m\u007f",
  "\uD800",
  "tail\uDFFF",
  "مرحبا بالعالم \u202eevil",
  "👶🏽✨👨‍👩‍👧",
  "' OR 1=1; --",
  "../../etc/passwd",
  "%00%ff",
  "2026-13-45T99:99:99Z",
  "not-an-email@",
  "a".repeat(10_000),
  -1,
  0,
  -0.5,
  2.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  true,
  false,
  null,
  [],
  [1, "two", null],
  {},
  { nested: { deeper: "\u0000" } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  deeplyNested(50),
];

/** The top-level fields of a request schema (through optional, nullable, pipes), if it is an object. */
function fieldsOf(schema: z.ZodType): string[] {
  let current = schema as unknown as {
    def: { type: string; shape?: object; innerType?: unknown; in?: unknown };
  };
  for (let hops = 0; hops < 10; hops += 1) {
    const { def } = current;
    if (def.type === "object" && def.shape) return Object.keys(def.shape);
    const inner = def.innerType ?? def.in;
    if (!inner) return [];
    current = inner as typeof current;
  }
  return [];
}

type Target = { method: "GET" | "POST"; path: string; fields: string[] };

const contractTargets: Target[] = (Object.values(contract) as unknown[])
  .filter(
    (value): value is Endpoint =>
      typeof value === "object" &&
      value !== null &&
      "method" in value &&
      "path" in value &&
      "request" in value,
  )
  .map((endpoint) => ({ method: endpoint.method, path: endpoint.path, fields: fieldsOf(endpoint.request) }))
  .sort((a, b) => a.path.localeCompare(b.path));

/**
 * Better Auth's endpoints that are open over HTTP (decision 0039): they parse their own bodies. One
 * target per allowlisted route, with the fields it reads; a test below keeps the two lists equal.
 */
const betterAuthFields: Record<string, string[]> = {
  "POST /sign-in/email": ["email", "password", "rememberMe", "callbackURL"],
  "POST /sign-in/social": ["provider", "callbackURL", "errorCallbackURL", "disableRedirect"],
  "GET /callback/:id": ["code", "state", "error"],
  "POST /callback/:id": ["code", "state", "error"],
  "POST /sign-in/magic-link": ["email", "callbackURL", "name"],
  "POST /reset-password": ["token", "newPassword"],
  "POST /change-password": ["currentPassword", "newPassword", "revokeOtherSessions"],
  "GET /get-session": [],
  "GET /list-accounts": [],
  "POST /sign-out": [],
};
const betterAuthTargets: Target[] = Object.entries(betterAuthFields).map(([route, fields]) => {
  const [method, path] = route.split(" ") as ["GET" | "POST", string];
  return { method, path: `/api/auth${path.replace(":id", "google")}`, fields };
});

/** Endpoints whose valid use ends the session or the family: they get a parent of their own. */
const SESSION_ENDING = new Set([
  "/api/user/delete",
  "/api/organization/delete",
  "/api/organization/leave",
  "/api/auth/change-password",
  "/api/auth/sign-out",
]);

type Case = { name: string; options: Omit<InjectOptions, "method" | "url"> & { query?: string } };

function casesFor(target: Target, seed: number): Case[] {
  const random = randomFrom(seed);
  const json = (payload: unknown) => ({
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
  const cases: Case[] = [
    { name: "empty body declared as JSON", options: { headers: { "content-type": "application/json" } } },
    { name: "invalid JSON", options: { headers: { "content-type": "application/json" }, payload: '{"a":' } },
    { name: "wrong content type", options: { headers: { "content-type": "text/plain" }, payload: "hello" } },
    {
      name: "form body",
      options: { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "email=a%00b" },
    },
    { name: "null", options: json(null) },
    { name: "array for object", options: json([{}]) },
    { name: "number for object", options: json(-1.5) },
    { name: "deep nesting", options: json(deeplyNested(2_000)) },
    { name: "__proto__ key", options: { ...json({}), payload: '{"__proto__":{"isAdmin":true}}' } },
    { name: "extra field only", options: json({ unexpectedField: "\u0000" }) },
    { name: "query with NUL", options: { query: "token=a%00b&id=%ED%A0%80" } },
  ];
  for (const field of target.fields) {
    cases.push({ name: `${field}: NUL`, options: json({ [field]: "a\u0000b" }) });
    cases.push({ name: `${field}: 1 MB`, options: json({ [field]: MEGABYTE_STRING }) });
    cases.push({ name: `${field}: query NUL`, options: { query: `${encodeURIComponent(field)}=x%00` } });
  }
  for (let index = 0; index < RANDOM_CASES_PER_ENDPOINT; index += 1) {
    const body: Record<string, unknown> = {};
    for (const field of target.fields) {
      // Sometimes missing, sometimes hostile, so combinations of fields are exercised too.
      if (random.next() < 0.7) body[field] = random.pick(hostileValues);
    }
    if (random.next() < 0.3)
      body[random.pick(["extra", "constructor", "prototype", "id"])] = random.pick(hostileValues);
    cases.push({ name: `random #${index}: ${JSON.stringify(body).slice(0, 120)}`, options: json(body) });
  }
  return cases;
}

let testApp: TestApp;
let app: FastifyInstance;
let sharedParent: { token: string; familyId: string };

beforeAll(async () => {
  testApp = await createTestApp({
    ADMIN_API_TOKEN: ADMIN_TOKEN,
    // The per-IP limits would turn most cases into 429s before their input is even looked at.
    SIGN_IN_IP_LIMIT: "10000",
    EMAIL_LINK_IP_LIMIT: "10000",
  });
  app = testApp.app;
  sharedParent = await verifiedParent(app, testApp.database.db);
});

afterAll(() => testApp.close());

async function sendCase(
  target: Target,
  fuzzCase: Case,
  auth: { token: string; familyId: string } | "admin" | null,
) {
  const { query, headers, ...rest } = fuzzCase.options;
  const authHeaders: Record<string, string> =
    auth === "admin"
      ? { authorization: `Bearer ${ADMIN_TOKEN}` }
      : auth
        ? { authorization: `Bearer ${auth.token}`, [FAMILY_HEADER]: auth.familyId }
        : {};
  const isGet = target.method === "GET";
  return app.inject({
    method: target.method,
    url: query ? `${target.path}?${query}` : target.path,
    headers: { ...(isGet ? {} : (headers as Record<string, string>)), ...authHeaders },
    ...(isGet ? {} : rest),
  });
}

describe.each([...contractTargets, ...betterAuthTargets])("$method $path under malformed input", (target) => {
  const cases = casesFor(
    target,
    SEED ^ [...target.path].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7),
  );

  it(`answers ${cases.length * 2} malformed requests with a 4xx {code, message}, never a 5xx`, async () => {
    const parent = SESSION_ENDING.has(target.path)
      ? await verifiedParent(app, testApp.database.db)
      : sharedParent;
    const auth = target.path.startsWith("/api/admin/") ? "admin" : parent;
    const failures: string[] = [];
    for (const fuzzCase of cases) {
      for (const as of [null, auth] as const) {
        const response = await sendCase(target, fuzzCase, as);
        const who = as ? "signed in" : "anonymous";
        if (response.statusCode >= 500) {
          failures.push(`${who} · ${fuzzCase.name} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        } else if (response.statusCode >= 400) {
          const shape = apiErrorSchema.safeParse(response.json());
          if (!shape.success) {
            failures.push(
              `${who} · ${fuzzCase.name} → ${response.statusCode} without {code, message}: ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("Better Auth's open endpoints", () => {
  it("are all fuzzed", () => {
    expect(Object.keys(betterAuthFields).sort()).toEqual(
      ALLOWED_AUTH_ROUTES.map((route) => `${route.method} ${route.path}`).sort(),
    );
  });
});

describe("after the fuzzing", () => {
  it("is still healthy and still serves a signed-in parent", async () => {
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode, ready.body).toBe(200);
    const user = await app.inject({
      method: "POST",
      url: "/api/user/get",
      headers: { authorization: `Bearer ${sharedParent.token}` },
      payload: {},
    });
    expect(user.statusCode, user.body).toBe(200);
  });
});
