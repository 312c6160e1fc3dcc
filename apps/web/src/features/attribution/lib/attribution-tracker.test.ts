import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sentAttributionKey, storedAttributionKey } from "./attribution-record";
import { type AttributionDeps, createAttributionTracker, type TrackedUser } from "./attribution-tracker";
import { userDataSentKey } from "./submit-user-data";
import { fakeApi, memoryStorage } from "./test-fakes";

const START = 1_750_000_000_000;
const landing = "https://wonderkin.test/?utm_source=news&utm_medium=email&utm_campaign=may&fbclid=abc123";

const verifiedUser: TrackedUser = {
  id: "user-1",
  emailVerified: true,
  profile: {
    id: "user-1",
    firstName: "Ada",
    lastName: "King",
    email: "ada@example.com",
    createdAt: "2026-05-01T10:00:00.000Z",
  },
};

function setUp(overrides: Partial<AttributionDeps> & { cookies?: string } = {}) {
  const api = fakeApi();
  const storage = memoryStorage();
  let cookies = overrides.cookies ?? "";
  const setCookies = (value: string) => {
    cookies = value;
  };
  const tracker = createAttributionTracker({
    page: { url: landing, referrer: "", userAgent: "Mozilla/5.0 (X11; Linux x86_64)" },
    privacy: { doNotTrack: null },
    storage,
    readCookies: () => cookies,
    now: Date.now,
    api,
    ...overrides,
  });
  return { api, storage, tracker, setCookies };
}

/** Lets a run's client-id lookup (3 tries, 1 second apart) and its calls finish. */
const settle = () => vi.advanceTimersByTimeAsync(5_000);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createAttributionTracker: app start", () => {
  it("keeps the address's attribution with a timestamp and records the visit, once per page load", async () => {
    const { api, storage, tracker } = setUp();
    tracker.start();
    tracker.start();
    await settle();
    const expected = {
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "may",
      fbc: `fb.1.${START}.abc123`,
      timestamp: START,
    };
    expect(storage.json(storedAttributionKey)).toEqual(expected);
    expect(api.recordVisit).toHaveBeenCalledExactlyOnceWith({
      landingPage: "/?utm_source=news&utm_medium=email&utm_campaign=may&fbclid=abc123",
      attribution: expected,
    });
  });

  it("keeps nothing when there is nothing to keep, yet still records the visit", async () => {
    const { api, storage, tracker } = setUp({
      page: { url: "https://wonderkin.test/sign-in", referrer: "https://wonderkin.test/", userAgent: "" },
    });
    tracker.start();
    await Promise.all([tracker.run(null), settle()]);
    expect(storage.values.size).toBe(0);
    expect(api.recordVisit).toHaveBeenCalledExactlyOnceWith({ landingPage: "/sign-in", attribution: {} });
  });
});

describe("createAttributionTracker: a run", () => {
  it("keeps the client id found by the lookup, even before anyone signs in", async () => {
    const { api, storage, tracker, setCookies } = setUp();
    const done = tracker.run(null);
    await vi.advanceTimersByTimeAsync(1500);
    setCookies("_ga=GA1.1.123.456");
    await vi.advanceTimersByTimeAsync(500);
    await done;
    expect(storage.json(storedAttributionKey)).toMatchObject({ ga_client_id: "123.456", utm_source: "news" });
    expect(api.identify).not.toHaveBeenCalled();
  });

  it("does not identify a parent whose e-mail is not verified", async () => {
    const { api, storage, tracker } = setUp();
    const done = tracker.run({ ...verifiedUser, emailVerified: false } as TrackedUser);
    await settle();
    await done;
    expect(api.identify).not.toHaveBeenCalled();
    expect(api.submitUserData).not.toHaveBeenCalled();
    expect(storage.values.has(sentAttributionKey)).toBe(false);
  });

  it("identifies a verified parent once, after the client-id lookup, then sends their profile once", async () => {
    const { api, storage, tracker } = setUp({ cookies: "_fbp=fb.1.1.999; _ga=GA1.1.123.456" });
    const first = tracker.run(verifiedUser);
    await settle();
    await first;
    expect(api.identify).toHaveBeenCalledTimes(1);
    const sent = api.identify.mock.calls[0]?.[0].attribution;
    expect(sent).toMatchObject({
      utm_source: "news",
      fbp: "fb.1.1.999",
      fbc: `fb.1.${START}.abc123`,
      ga_client_id: "123.456",
    });
    expect(storage.json(sentAttributionKey)).toEqual(sent);
    expect(api.submitUserData).toHaveBeenCalledTimes(1);
    expect(api.submitUserData.mock.calls[0]?.[0].data).toMatchObject({
      user_id: "user-1",
      email: "ada@example.com",
      utm_campaign: "may",
      ga_client_id: "123.456",
    });
    expect(storage.values.has(userDataSentKey("user-1"))).toBe(true);

    // Later runs (a reload, a re-read record) with the same data send nothing more.
    vi.setSystemTime(START + 60_000);
    const again = tracker.run(verifiedUser);
    await settle();
    await again;
    expect(api.identify).toHaveBeenCalledTimes(1);
    expect(api.submitUserData).toHaveBeenCalledTimes(1);
  });

  it("identifies again when the attribution changes", async () => {
    const { api, tracker, setCookies } = setUp();
    await Promise.all([tracker.run(verifiedUser), settle()]);
    setCookies("_fbc=fb.1.1760000000000.newclick");
    await Promise.all([tracker.run(verifiedUser), settle()]);
    expect(api.identify).toHaveBeenCalledTimes(2);
    expect(api.identify.mock.calls[1]?.[0].attribution.fbc).toBe("fb.1.1760000000000.newclick");
  });

  it("queues runs, so two at once identify once", async () => {
    const { api, tracker } = setUp();
    const runs = Promise.all([tracker.run(verifiedUser), tracker.run(verifiedUser)]);
    await vi.advanceTimersByTimeAsync(10_000);
    await runs;
    expect(api.identify).toHaveBeenCalledTimes(1);
  });

  it("waits for the profile before sending it, but identifies without it", async () => {
    const { api, tracker } = setUp();
    await Promise.all([tracker.run({ id: "user-1", emailVerified: true }), settle()]);
    expect(api.identify).toHaveBeenCalledTimes(1);
    expect(api.submitUserData).not.toHaveBeenCalled();
  });
});

describe("createAttributionTracker: failures", () => {
  it("swallows every failed call, and later steps still happen", async () => {
    const { api, storage, tracker } = setUp();
    api.recordVisit.mockRejectedValue(new Error("offline"));
    api.identify.mockRejectedValue(new Error("offline"));
    api.submitUserData.mockRejectedValue(new Error("offline"));
    tracker.start();
    const done = tracker.run(verifiedUser);
    await settle();
    await expect(done).resolves.toBeUndefined();
    expect(api.submitUserData).toHaveBeenCalledTimes(1);
    // Nothing is recorded as sent, so the next run tries again.
    expect(storage.values.has(sentAttributionKey)).toBe(false);
    expect(storage.values.has(userDataSentKey("user-1"))).toBe(false);
  });

  it("survives calls that throw before returning a promise, and unreadable cookies", async () => {
    const { api, tracker } = setUp({
      readCookies: () => {
        throw new Error("cookies blocked");
      },
    });
    api.recordVisit.mockImplementation(() => {
      throw new Error("bad request");
    });
    expect(() => tracker.start()).not.toThrow();
    const done = tracker.run(verifiedUser);
    await settle();
    await expect(done).resolves.toBeUndefined();
  });
});

describe("createAttributionTracker: privacy signals", () => {
  it.each([
    ["Do Not Track", { doNotTrack: "1" }],
    ["Global Privacy Control", { globalPrivacyControl: true }],
  ])("does nothing at all under %s", async (_name, privacy) => {
    const { api, storage, tracker } = setUp({ privacy, cookies: "_ga=GA1.1.123.456; _fbp=fb.1.1.999" });
    tracker.start();
    await Promise.all([tracker.run(verifiedUser), settle()]);
    expect(storage.values.size).toBe(0);
    expect(api.recordVisit).not.toHaveBeenCalled();
    expect(api.identify).not.toHaveBeenCalled();
    expect(api.submitUserData).not.toHaveBeenCalled();
    expect(api.signInFacts).not.toHaveBeenCalled();
  });

  it("tracks when Do Not Track is off ('0')", async () => {
    const { api, tracker } = setUp({ privacy: { doNotTrack: "0", globalPrivacyControl: false } });
    tracker.start();
    await settle();
    expect(api.recordVisit).toHaveBeenCalledTimes(1);
  });
});
