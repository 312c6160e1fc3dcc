// @vitest-environment jsdom
import { userCreditsEndpoint } from "@wonderkin/contract";
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswers } from "@wonderkin/contract/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi, setRequestContextProvider } from "./api-client";
import { resetFirstAnswers, takeFirstAnswer } from "./first-answers";
import { createQueryClient } from "./query-client";

const SESSION = "sess-token-1";
const STORED = `${SESSION}.c2lnbmF0dXJlLW9mLTQ0LWNoYXJhY3RlcnMtLS0tLS0tLS0tLS0=`;
const FAMILY = "family-1";

const children = [{ id: 1, firstName: "Mia" }];
const user = { id: "u1", email: "ada@example.com" };

function embed(answers: FirstAnswers) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = FIRST_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers);
  document.head.append(element);
}

const page: FirstAnswers = {
  sessionToken: SESSION,
  answers: [
    { method: "GET", path: "/api/auth/get-session", body: null, familyId: null, payload: { user } },
    { method: "POST", path: "/api/children/get", body: {}, familyId: FAMILY, payload: children },
    {
      method: "POST",
      path: "/api/children/generated-images",
      body: { limit: 24, childId: 1 },
      familyId: FAMILY,
      payload: { images: [], nextCursor: null },
    },
    { method: "POST", path: "/api/user/credits", body: {}, familyId: null, payload: { totalCredits: 7 } },
  ],
};

const ask = (overrides: Partial<Parameters<typeof takeFirstAnswer>[0]> = {}) =>
  takeFirstAnswer({
    method: "POST",
    path: "/api/children/get",
    body: {},
    token: STORED,
    organizationId: FAMILY,
    ...overrides,
  });

beforeEach(() => {
  resetFirstAnswers();
  embed(page);
});

afterEach(() => {
  document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the page's first answers (decision 0064)", () => {
  it("answers the request that asks exactly it, once, whatever the order of the body's keys", () => {
    expect(ask()).toEqual({ payload: children });
    expect(ask()).toBeNull();
    const gallery = ask({ path: "/api/children/generated-images", body: { childId: 1, limit: 24 } });
    expect(gallery).toEqual({ payload: { images: [], nextCursor: null } });
    // Read once and taken out of the page.
    expect(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)).toBeNull();
  });

  it("answers nothing for another body, family, session or a browser signed out", () => {
    expect(ask({ path: "/api/children/generated-images", body: { childId: 2, limit: 24 } })).toBeNull();
    expect(ask({ organizationId: "family-2" })).toBeNull();
    expect(ask()).toEqual({ payload: children });
    resetFirstAnswers();
    embed(page);
    expect(ask({ token: "other-session.signature" })).toBeNull();
    // Once the session does not match, nothing of the page is used any more.
    expect(ask()).toBeNull();
    resetFirstAnswers();
    embed(page);
    expect(ask({ token: null })).toBeNull();
    expect(ask()).toBeNull();
  });

  it("is used only in the first seconds of the page", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-29T10:00:00Z"));
    const session = { path: "/api/auth/get-session", method: "GET", body: null, organizationId: null };
    expect(ask(session)).not.toBeNull();
    vi.setSystemTime(new Date("2026-11-29T10:00:14Z"));
    expect(ask()).not.toBeNull();
    vi.setSystemTime(new Date("2026-11-29T10:00:16Z"));
    expect(ask({ path: "/api/user/credits", organizationId: null })).toBeNull();
  });

  it("is dropped at the page's first change: a query read after a mutation asks the server", async () => {
    const queryClient = createQueryClient();
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => "joined" })
      .execute(undefined);
    // The children were not read before the change: the page's copy of them may be out of date.
    expect(ask()).toBeNull();
  });

  it("answers callApi's request without the network, once; the next one asks the server", async () => {
    setRequestContextProvider(() => ({ token: STORED, organizationId: FAMILY }));
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ totalCredits: 9 }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    expect(await callApi(userCreditsEndpoint, {})).toEqual({ totalCredits: 7 });
    expect(fetch).not.toHaveBeenCalled();
    expect(await callApi(userCreditsEndpoint, {})).toEqual({ totalCredits: 9 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
