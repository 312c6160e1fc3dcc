// @vitest-environment jsdom
import {
  FIRST_ANSWERS_ELEMENT_ID,
  type FirstAnswers,
  PRERENDERED_PAGE_ELEMENT_ID,
} from "@wonderkin/contract/rules";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "@/entities/session/get-session";
import { resetFirstAnswers } from "@/lib/first-answers";
import { createQueryClient } from "@/lib/query-client";
import { provideRouteQueryClient } from "@/lib/route-query-client";
import { studioLoader } from "./studio-loader";

const SESSION = "sess-token-1";

/** The page as the server sends a studio: its copy (decision 0066) and its first answers (0064). */
function servedStudio(answers: FirstAnswers, { copy = true } = {}) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = FIRST_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers);
  document.head.append(element);
  if (copy)
    document.body.innerHTML = `<div id="${PRERENDERED_PAGE_ELEMENT_ID}" inert></div><div id="root"></div>`;
}

/** A studio page whose session answer says nobody is signed in any more. */
const signedOut: FirstAnswers = {
  sessionToken: SESSION,
  answers: [{ method: "GET", path: "/api/auth/get-session", body: null, familyId: null, payload: null }],
};

const load = (queryClient: ReturnType<typeof createQueryClient> | null, childId = "7") => {
  provideRouteQueryClient(queryClient);
  const url = new URL(`http://localhost/kids/children/${childId}/magic-studio`);
  return studioLoader({
    params: { childId },
    context: new RouterContextProvider(),
    request: new Request(url),
    url,
    pattern: "/kids/children/:childId/magic-studio",
  });
};

let fetched: string[];
beforeEach(() => {
  resetFirstAnswers();
  localStorage.setItem("wonderkin.session-token", SESSION);
  fetched = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return new Response("null", { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  provideRouteQueryClient(null);
  document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
  document.body.innerHTML = "";
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the studio's route loader (issue 32)", () => {
  it("asks nothing on a visit after the page's first draw (the server's copy gone): the studio opens at once", async () => {
    servedStudio(signedOut, { copy: false });
    const queryClient = createQueryClient();
    await expect(load(queryClient)).resolves.toBeNull();
    expect(fetched).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("leaves the page to its queries where it has no query client (the server's own render)", async () => {
    servedStudio(signedOut);
    await expect(load(null)).resolves.toBeNull();
    expect(fetched).toEqual([]);
  });

  it("on the first draw, puts the page's answers where the guard reads them, and stops for a visitor signed out", async () => {
    servedStudio(signedOut);
    const queryClient = createQueryClient();
    await load(queryClient);
    expect(fetched).toEqual([]);
    expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe("success");
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
  });

  it("does nothing for an address that names no child", async () => {
    servedStudio(signedOut);
    const queryClient = createQueryClient();
    await load(queryClient, "not-a-child");
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
