import {
  activeSubscriptionEndpoint,
  addChildEndpoint,
  type Endpoint,
  FAMILY_HEADER,
  getChildrenEndpoint,
  getUserEndpoint,
  userCreditsEndpoint,
  verificationStatusEndpoint,
} from "@wonderkin/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import { type TestParent, verifiedParent } from "../support/families";
import { signIn } from "../support/identity";

/*
 * Spec §7 lists the body of these calls as "none": a client may POST nothing at all (no
 * content-type, no bytes) and must get the same answer as for `{}`.
 */
const bodilessCalls: { name: string; endpoint: Endpoint }[] = [
  { name: "getUser", endpoint: getUserEndpoint },
  { name: "getUserCredits", endpoint: userCreditsEndpoint },
  { name: "getUserVerificationStatus", endpoint: verificationStatusEndpoint },
  { name: "getActiveSubscription", endpoint: activeSubscriptionEndpoint },
  { name: "getChildren", endpoint: getChildrenEndpoint },
];

let t: TestApp;
let parent: TestParent;
let sessionCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  const signedIn = await signIn(t.app, parent.email);
  const setCookie = [signedIn.headers["set-cookie"] ?? []].flat();
  sessionCookie = setCookie.map((cookie) => cookie.split(";")[0]).join("; ");
});

afterAll(() => t.close());

function familyHeader(endpoint: Endpoint): Record<string, string> {
  return endpoint.family ? { [FAMILY_HEADER]: parent.familyId } : {};
}

async function call(endpoint: Endpoint, options: Omit<InjectOptions, "method" | "url">) {
  return t.app.inject({ method: "POST", url: endpoint.path, ...options });
}

describe.each(bodilessCalls)("$name ($endpoint.path) with no body", ({ endpoint }) => {
  it("answers a bearer POST with no content-type and no bytes exactly as one with {}", async () => {
    const headers = { authorization: `Bearer ${parent.token}`, ...familyHeader(endpoint) };
    const bodiless = await call(endpoint, { headers });
    expect(bodiless.raw.req.headers["content-type"]).toBeUndefined();
    expect(bodiless.raw.req.headers["transfer-encoding"]).toBeUndefined();
    expect(bodiless.statusCode, bodiless.body).toBe(200);

    const withEmptyObject = await call(endpoint, { headers, payload: {} });
    expect(withEmptyObject.statusCode, withEmptyObject.body).toBe(200);
    expect(endpoint.response.parse(bodiless.json())).toEqual(endpoint.response.parse(withEmptyObject.json()));
  });

  it("answers the browser's session cookie with no body (same origin)", async () => {
    const response = await call(endpoint, {
      headers: {
        cookie: sessionCookie,
        origin: new URL(t.env.publicUrl).origin,
        "content-length": "0",
        ...familyHeader(endpoint),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("still needs a session", async () => {
    const response = await call(endpoint, { headers: familyHeader(endpoint) });
    expect(response.statusCode).toBe(401);
  });
});

it("getUser with no body changes nothing and reads the parent's own record", async () => {
  const response = await call(getUserEndpoint, { headers: { authorization: `Bearer ${parent.token}` } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ firstName: "Ada", email: parent.email, emailVerified: true });
});

it("an endpoint that needs a body still refuses a POST without one", async () => {
  const response = await call(addChildEndpoint, {
    headers: { authorization: `Bearer ${parent.token}`, [FAMILY_HEADER]: parent.familyId },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
});
