// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import {
  activeSubscriptionEndpoint,
  type Child,
  type Endpoint,
  getChildrenEndpoint,
  getUserEndpoint,
  type Subscription,
  type UserRecord,
} from "@wonderkin/contract";
import { authErrorCodes, authMessages } from "@wonderkin/contract/rules";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { CONFIRMING_POLL_MS } from "@/entities/billing/billing-queries";
import { pendingInvitationKey } from "@/entities/session/pending-invitation";
import { signOut } from "@/entities/session/sign-out";
import { ApiError, callApi } from "@/lib/api-client";
import { useGuardState } from "./use-guard-state";

// The network boundaries: the product API (user record, children, plan) and Better Auth's session
// endpoint. The queries, the family choice and the hook's assembly above them are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// Signing out reloads the page: here it is only recorded.
vi.mock("@/entities/session/sign-out", () => ({ signOut: vi.fn(async () => {}) }));

const sessionUser = { id: "user-1", email: "ada@example.com", emailVerified: true, name: "Ada" };

function record(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    betterAuthUid: "user-1",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    emailVerified: true,
    totalCredits: 12,
    avatarUrl: null,
    defaultOrganizationId: "family-1",
    consent: null,
    createdAt: "2026-11-01T09:00:00.000Z",
    ...overrides,
  };
}

const mia: Child = {
  id: 7,
  firstName: "Mia",
  age: 6,
  birthDate: null,
  gender: "girl",
  trainingStatus: "completed",
  trainingFailureReason: null,
  photoCount: 12,
  studioIntroSeen: false,
  createdAt: "2026-11-22T09:00:00.000Z",
};

function plan(isActive: boolean): Subscription {
  return {
    id: "sub-1",
    isActive,
    planId: 2,
    planName: "Magician",
    billingCycle: "monthly",
    status: "active",
    currentPeriodEnd: "2026-12-22T09:00:00.000Z",
    nextGrantAt: null,
    cancelAtPeriodEnd: false,
    discountOfferedAt: null,
    discountAcceptedAt: null,
    provider: "stripe",
    createdAt: "2026-11-22T09:00:00.000Z",
  };
}

/** What the product API answers, per endpoint; a function runs on every call, `never` never settles. */
type Answer = unknown | (() => unknown);
type Api = { user?: Answer; children?: Answer; subscription?: Answer };
const never = () => new Promise(() => {});

function answerWith(api: Api) {
  const answer = async (value: Answer) => (typeof value === "function" ? value() : value);
  callApiMock.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === getUserEndpoint && "user" in api) return answer(api.user);
    if (endpoint === getChildrenEndpoint && "children" in api) return answer(api.children);
    if (endpoint === activeSubscriptionEndpoint && "subscription" in api) return answer(api.subscription);
    throw new Error(`unexpected call to ${endpoint.path}`);
  });
}

/** Better Auth's get-session answer: a session, signed out (401), or none yet. */
function sessionAnswers(session: "pending" | "signed-out" | typeof sessionUser) {
  const fetchMock = vi.fn(async () => {
    if (session === "pending") return never();
    const signedOut = session === "signed-out";
    const body = signedOut ? "" : JSON.stringify({ user: session, session: { token: "token-1" } });
    return {
      ok: !signedOut,
      status: signedOut ? 401 : 200,
      text: async () => body,
      headers: { get: () => null },
    };
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

let queryClient: QueryClient;

function renderGuardState(at = "/kids/children") {
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useGuardState(), { wrapper });
}

const productCalls = (endpoint: Endpoint) => callApiMock.mock.calls.filter(([called]) => called === endpoint);

/** Whether this test's queries under `prefix` ever asked the server (a disabled query never does). */
const everRead = (prefix: readonly unknown[]) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .some(
      (query) =>
        query.state.fetchStatus !== "idle" ||
        query.state.dataUpdateCount > 0 ||
        query.state.errorUpdateCount > 0,
    );

// The queries load their calls on first use (a dynamic import). Loaded up front, and with the pause
// after each test, a call a test started reaches the mock before the next test counts calls.
beforeAll(async () => {
  await Promise.all([
    import("@/entities/session/session-api"),
    import("@/entities/children/children-api"),
    import("@/entities/billing/billing-api"),
  ]);
});

beforeEach(() => {
  localStorage.clear();
  callApiMock.mockReset();
  vi.mocked(signOut).mockClear();
});
afterEach(async () => {
  cleanup();
  await queryClient?.cancelQueries();
  vi.useRealTimers();
  // Lets a query function still on its way reach the mock before the next test counts calls.
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

describe("useGuardState: who is there", () => {
  it("is loading while the session loads, and waits for nothing else", () => {
    sessionAnswers("pending");
    const { result } = renderGuardState("/kids/children?tab=1");
    expect(result.current).toEqual({
      auth: { status: "loading" },
      children: { status: "loaded", children: [] },
      credits: null,
      subscription: { status: "unavailable" },
      familyPlan: { status: "loaded", active: false, heldByYou: false },
      location: { pathname: "/kids/children", search: "?tab=1" },
      pendingInvitation: null,
    });
  });

  it("is signed out without a session, and asks the product API nothing", async () => {
    sessionAnswers("signed-out");
    const { result } = renderGuardState();
    await waitFor(() => expect(result.current.auth).toEqual({ status: "signed-out" }));
    expect(result.current.credits).toBeNull();
    expect(result.current.subscription).toEqual({ status: "unavailable" });
    expect(everRead(["user"])).toBe(false);
  });

  it("stays loading until the user record arrives, then is signed in", async () => {
    sessionAnswers(sessionUser);
    let giveRecord: (user: UserRecord) => void = () => {};
    answerWith({
      user: () => new Promise<UserRecord>((resolve) => (giveRecord = resolve)),
      children: [],
      subscription: null,
    });
    const { result } = renderGuardState();
    await waitFor(() => expect(productCalls(getUserEndpoint)).toHaveLength(1));
    expect(result.current.auth).toEqual({ status: "loading" });

    await act(async () => giveRecord(record()));
    await waitFor(() => expect(result.current.auth).toEqual({ status: "signed-in", emailVerified: true }));
  });

  it("is signed in but unverified, and then reads neither children nor plan", async () => {
    sessionAnswers({ ...sessionUser, emailVerified: false });
    answerWith({ user: record({ emailVerified: false, totalCredits: 3 }) });
    const { result } = renderGuardState(paths.verify);
    await waitFor(() => expect(result.current.auth).toEqual({ status: "signed-in", emailVerified: false }));
    expect(result.current.children).toEqual({ status: "loaded", children: [] });
    expect(result.current.subscription).toEqual({ status: "unavailable" });
    expect(result.current.credits).toBe(3);
    expect(everRead(["family"])).toBe(false);
    expect(everRead(["billing"])).toBe(false);
  });

  it("trusts the user record's verification over the session's cached copy", async () => {
    sessionAnswers({ ...sessionUser, emailVerified: false });
    answerWith({ user: record({ emailVerified: true }), children: [], subscription: null });
    const { result } = renderGuardState();
    await waitFor(() => expect(result.current.auth).toEqual({ status: "signed-in", emailVerified: true }));
  });

  it("signs out a session whose user record is missing, staying loading meanwhile", async () => {
    sessionAnswers(sessionUser);
    answerWith({
      user: () => {
        throw new ApiError(404, authErrorCodes.userNotFound, authMessages.userNotFoundInDb);
      },
    });
    const { result } = renderGuardState();
    await waitFor(() => expect(signOut).toHaveBeenCalledWith({ notice: authMessages.userNotFoundInDb }));
    expect(result.current.auth).toEqual({ status: "loading" });
  });

  it("sees a visitor on /finalize-social, whatever the half-made session says", async () => {
    const fetchMock = sessionAnswers(sessionUser);
    const { result } = renderGuardState(paths.finalizeSocial);
    expect(result.current.auth).toEqual({ status: "signed-out" });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(result.current.auth).toEqual({ status: "signed-out" });
    expect(everRead(["user"])).toBe(false);
  });

  it("passes on an invitation opened before signing in", () => {
    sessionAnswers("pending");
    localStorage.setItem(pendingInvitationKey, "/invitation/inv-42");
    const { result } = renderGuardState();
    expect(result.current.pendingInvitation).toBe("/invitation/inv-42");
  });
});

describe("useGuardState: a verified parent's children, credits and plan", () => {
  it("waits for the children and the plan, then has them with the record's credits", async () => {
    sessionAnswers(sessionUser);
    let giveChildren: (children: Child[]) => void = () => {};
    let givePlan: (subscription: Subscription | null) => void = () => {};
    answerWith({
      user: record({ totalCredits: 12 }),
      children: () => new Promise<Child[]>((resolve) => (giveChildren = resolve)),
      subscription: () => new Promise<Subscription | null>((resolve) => (givePlan = resolve)),
    });
    const { result } = renderGuardState();
    await waitFor(() => expect(result.current.auth).toEqual({ status: "signed-in", emailVerified: true }));
    await waitFor(() => expect(result.current.children).toEqual({ status: "loading" }));
    expect(result.current.subscription).toEqual({ status: "loading" });
    expect(result.current.credits).toBe(12);
    // The record named the family the children are read for.
    await waitFor(() =>
      expect(callApiMock).toHaveBeenCalledWith(getChildrenEndpoint, {}, { organizationId: "family-1" }),
    );

    await act(async () => giveChildren([mia]));
    await waitFor(() => expect(result.current.children).toEqual({ status: "loaded", children: [mia] }));
    expect(result.current.subscription).toEqual({ status: "loading" });

    await act(async () => givePlan(plan(true)));
    await waitFor(() =>
      expect(result.current.subscription).toEqual({ status: "loaded", subscription: plan(true) }),
    );
  });

  it("has no plan when the parent has none", async () => {
    sessionAnswers(sessionUser);
    answerWith({ user: record(), children: [], subscription: null });
    const { result } = renderGuardState();
    await waitFor(() =>
      expect(result.current.subscription).toEqual({ status: "loaded", subscription: null }),
    );
    expect(result.current.children).toEqual({ status: "loaded", children: [] });
  });

  it("lets the page render its own errors when the children or the plan cannot be read", async () => {
    sessionAnswers(sessionUser);
    answerWith({
      user: record(),
      children: () => {
        throw new ApiError(500, "INTERNAL", "Something went wrong.");
      },
      subscription: () => {
        throw new ApiError(500, "INTERNAL", "Something went wrong.");
      },
    });
    const { result } = renderGuardState();
    await waitFor(() => expect(productCalls(activeSubscriptionEndpoint)).toHaveLength(1));
    await waitFor(() => expect(result.current.subscription).toEqual({ status: "unavailable" }));
    await waitFor(() => expect(result.current.children).toEqual({ status: "loaded", children: [] }));
  });

  it("waits for no children when the record names no family", async () => {
    sessionAnswers(sessionUser);
    answerWith({ user: record({ defaultOrganizationId: null }), subscription: null });
    const { result } = renderGuardState();
    await waitFor(() => expect(result.current.auth).toEqual({ status: "signed-in", emailVerified: true }));
    expect(result.current.children).toEqual({ status: "loaded", children: [] });
    expect(everRead(["family"])).toBe(false);
  });
});

describe("useGuardState: back from checkout", () => {
  it("reads the plan again until it is active, then the record for the credits it brought", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionAnswers(sessionUser);
    let active = false;
    let credits = 0;
    answerWith({
      user: () => record({ totalCredits: credits }),
      children: [mia],
      subscription: () => (active ? plan(true) : null),
    });
    const { result } = renderGuardState("/kids/children/7/magic-studio?success=1");
    await waitFor(() =>
      expect(result.current.subscription).toEqual({ status: "loaded", subscription: null }),
    );
    expect(result.current.credits).toBe(0);
    expect(productCalls(getUserEndpoint)).toHaveLength(1);

    // The provider's confirmation has not arrived: the next read still finds no plan.
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMING_POLL_MS));
    await waitFor(() => expect(productCalls(activeSubscriptionEndpoint)).toHaveLength(2));
    expect(result.current.subscription).toEqual({ status: "loaded", subscription: null });

    active = true;
    credits = 40;
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMING_POLL_MS));
    await waitFor(() =>
      expect(result.current.subscription).toEqual({ status: "loaded", subscription: plan(true) }),
    );
    await waitFor(() => expect(result.current.credits).toBe(40));
    expect(productCalls(getUserEndpoint)).toHaveLength(2);

    // Active now: no more reads.
    const reads = productCalls(activeSubscriptionEndpoint).length;
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMING_POLL_MS * 3));
    expect(productCalls(activeSubscriptionEndpoint)).toHaveLength(reads);
  });

  it("reads the plan once on other pages", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionAnswers(sessionUser);
    answerWith({ user: record(), children: [mia], subscription: null });
    const { result } = renderGuardState("/kids/children/7/magic-studio");
    await waitFor(() =>
      expect(result.current.subscription).toEqual({ status: "loaded", subscription: null }),
    );
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMING_POLL_MS * 3));
    expect(productCalls(activeSubscriptionEndpoint)).toHaveLength(1);
    expect(productCalls(getUserEndpoint)).toHaveLength(1);
  });
});
