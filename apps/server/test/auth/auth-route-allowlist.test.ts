import * as contract from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member, organization, user } from "../../src/db/schema";
import { ALLOWED_AUTH_ROUTES } from "../../src/modules/auth/better-auth/auth-route-allowlist";
import { createTestApp, type TestApp } from "../create-test-app";
import { type TestParent, verifiedParent } from "../support/families";

/**
 * Decision 0039: only the Better Auth endpoints the product uses answer over HTTP. The router is
 * walked from `auth.api` itself, so an endpoint a Better Auth upgrade adds is closed unless someone
 * allowlists it on purpose.
 */
/** What the web app and the providers call (written out by hand: it is the specification). */
const EXPECTED_OPEN = [
  "GET /get-session",
  "POST /sign-in/email",
  "POST /sign-in/social",
  "GET /callback/:id",
  "POST /callback/:id",
  "POST /sign-in/magic-link",
  "POST /reset-password",
  "POST /change-password",
  "GET /list-accounts",
  "POST /sign-out",
];

type RouterEndpoint = { name: string; path: string; methods: string[] };

let t: TestApp;
let owner: TestParent;

/** Our own endpoints under /api/auth (identity-routes.ts), which Fastify matches before Better Auth. */
const productAuthRoutes = new Set(
  (Object.values(contract) as unknown[])
    .filter(
      (value): value is { method: string; path: string } =>
        typeof value === "object" && value !== null && "method" in value && "path" in value,
    )
    .filter((endpoint) => endpoint.path.startsWith("/api/auth/"))
    .map((endpoint) => `${endpoint.method} ${endpoint.path}`),
);

function routerEndpoints(): RouterEndpoint[] {
  return Object.entries(t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>)
    .filter(([, endpoint]) => typeof endpoint?.path === "string")
    .map(([name, endpoint]) => {
      const method = endpoint.options?.method;
      const methods = (Array.isArray(method) ? method : [method]).filter(
        (each): each is string => each === "GET" || each === "POST",
      );
      return { name, path: endpoint.path as string, methods };
    });
}

const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, "x");

beforeAll(async () => {
  t = await createTestApp();
  owner = await verifiedParent(t.app, t.database.db, { firstName: "Olive" });
});
afterAll(() => t.close());

describe("Better Auth's router", () => {
  it("has no endpoint that is neither allowlisted nor closed", async () => {
    const endpoints = routerEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const open: string[] = [];
    for (const endpoint of endpoints) {
      for (const method of endpoint.methods) {
        const url = `/api/auth${concrete(endpoint.path)}`;
        if (EXPECTED_OPEN.includes(`${method} ${endpoint.path}`)) continue;
        if (productAuthRoutes.has(`${method} /api/auth${endpoint.path}`)) continue;
        const response = await t.app.inject({
          method: method as "GET" | "POST",
          url,
          headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
          payload: method === "POST" ? "{}" : undefined,
        });
        if (response.statusCode !== 404 || response.json().code !== "NOT_FOUND") {
          open.push(`${method} ${url} → ${response.statusCode}`);
        }
      }
    }
    expect(open).toEqual([]);
  });

  it("allowlists only endpoints Better Auth really has, each with its reason", () => {
    expect(ALLOWED_AUTH_ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      [...EXPECTED_OPEN].sort(),
    );
    const endpoints = routerEndpoints();
    for (const route of ALLOWED_AUTH_ROUTES) {
      const match = endpoints.find((endpoint) => endpoint.path === route.path);
      expect(match, route.path).toBeDefined();
      expect(match?.methods, route.path).toContain(route.method);
      expect(route.reason.length, route.path).toBeGreaterThan(20);
    }
  });

  it("keeps the allowlisted endpoints working", async () => {
    const session = await t.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(owner.email);
    const accounts = await t.app.inject({
      method: "GET",
      url: "/api/auth/list-accounts",
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json()).toEqual([expect.objectContaining({ providerId: "credential" })]);
  });

  it("sends a callback it cannot match to a sign-in to our sign-in page, whose /error page is closed", async () => {
    const callback = await t.app.inject({ method: "GET", url: "/api/auth/callback/google?code=forged" });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/^http:\/\/localhost:3000\/sign-in\?error=state_not_found$/);
    const betterAuthPage = await t.app.inject({
      method: "GET",
      url: "/api/auth/error?error=state_not_found",
    });
    expect(betterAuthPage.statusCode).toBe(404);
  });
});

describe("the side doors of issue 28", () => {
  it("a family cannot be deleted through Better Auth, in any spelling", async () => {
    const spellings = [
      "/api/auth/organization/delete",
      "/api/auth/organization/delete/",
      "/api/auth//organization/delete",
      "/api/auth/organization//delete",
      "/api/auth/Organization/Delete",
      "/api/auth/organization%2Fdelete",
      "/api/auth/./organization/delete",
      "/api/auth/organization/delete?x=1",
    ];
    for (const url of spellings) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { organizationId: owner.familyId },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe("NOT_FOUND");
    }
    const [family] = await t.database.db
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, owner.familyId));
    expect(family?.id).toBe(owner.familyId);
    const memberships = await t.database.db.select().from(member).where(eq(member.userId, owner.userId));
    expect(memberships).toHaveLength(1);
  });

  it("a profile cannot be changed around the product's own validation", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        firstName: "A\r\nBcc: x@example.com",
        name: "x".repeat(20_000),
        image: "javascript:alert(1)",
      },
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.database.db
      .select({ firstName: user.firstName, name: user.name, image: user.image })
      .from(user)
      .where(eq(user.id, owner.userId));
    expect(row).toEqual({ firstName: "Olive", name: expect.not.stringContaining("xxxx"), image: null });
  });

  it("an account cannot be deleted or its address changed through Better Auth", async () => {
    for (const [url, payload] of [
      ["/api/auth/delete-user", {}],
      ["/api/auth/change-email", { newEmail: "thief@example.com" }],
      ["/api/auth/revoke-sessions", {}],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${owner.token}` },
        payload,
      });
      expect(response.statusCode, url).toBe(404);
    }
    const [row] = await t.database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, owner.userId));
    expect(row?.email).toBe(owner.email);
  });
});
