import { describe, expect, it } from "vitest";
import { type AnalyticsUser, submitUserDataOnce, userDataSentKey } from "./submit-user-data";
import { fakeApi, memoryStorage } from "./test-fakes";

const user: AnalyticsUser = {
  id: "user-1",
  firstName: "Ada",
  lastName: "",
  email: "ada@example.com",
  createdAt: "2026-05-01T10:00:00.000Z",
};
const attribution = {
  utm_source: "news",
  utm_medium: "email",
  utm_campaign: "may",
  fbp: "fb.1.1.999",
  fbc: "fb.1.5.abc123",
  ga_client_id: "111.222",
  referrer: "https://news.example/",
  timestamp: 5,
};
const userAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

const submit = (api: ReturnType<typeof fakeApi>, storage = memoryStorage(), clientId?: string) =>
  submitUserDataOnce({ api, storage, user, attribution, userAgent, clientId, now: () => 42 });

describe("submitUserDataOnce", () => {
  it("sends the parent's profile with the attribution and device, then marks it sent", async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    await expect(submit(api, storage, "333.444")).resolves.toBe(true);
    expect(api.submitUserData).toHaveBeenCalledExactlyOnceWith({
      data: {
        user_id: "user-1",
        first_name: "Ada",
        last_name: undefined,
        email: "ada@example.com",
        signup_date: "2026-05-01T10:00:00.000Z",
        last_signin_date: "2026-05-02T09:00:00.000Z",
        device_type: "mobile",
        os: "Android",
        signup_authentication: "email",
        utm_source: "news",
        utm_medium: "email",
        utm_campaign: "may",
        utm_term: undefined,
        utm_content: undefined,
        user_agent: userAgent,
        fbp: "fb.1.1.999",
        fbc: "fb.1.5.abc123",
        ga_client_id: "333.444",
      },
    });
    expect(storage.read(userDataSentKey("user-1"))).toBe("42");
  });

  it("uses the recorded client id when the start-up lookup found none", async () => {
    const api = fakeApi();
    await submit(api);
    expect(api.submitUserData.mock.calls[0]?.[0].data.ga_client_id).toBe("111.222");
  });

  it("is not sent again for a parent already sent from this browser", async () => {
    const api = fakeApi();
    const storage = memoryStorage({ [userDataSentKey("user-1")]: "1" });
    await expect(submit(api, storage)).resolves.toBe(false);
    expect(api.submitUserData).not.toHaveBeenCalled();
  });

  it("still sends when the sign-in facts cannot be read", async () => {
    const api = fakeApi();
    api.signInFacts.mockRejectedValue(new Error("offline"));
    await submit(api);
    const data = api.submitUserData.mock.calls[0]?.[0].data;
    expect(data?.last_signin_date).toBeUndefined();
    expect(data?.signup_authentication).toBeUndefined();
  });

  it("leaves no marker when the call fails, so it is tried again", async () => {
    const api = fakeApi();
    api.submitUserData.mockRejectedValue(new Error("offline"));
    const storage = memoryStorage();
    await expect(submit(api, storage)).rejects.toThrow("offline");
    expect(storage.read(userDataSentKey("user-1"))).toBeNull();
  });
});
