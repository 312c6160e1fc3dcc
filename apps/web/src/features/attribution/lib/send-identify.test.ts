import { describe, expect, it } from "vitest";
import { sentAttributionKey } from "./attribution-record";
import { sendIdentify } from "./send-identify";
import { fakeApi, memoryStorage } from "./test-fakes";

const attribution = { utm_source: "news", fbc: "fb.1.5.abc123", timestamp: 2000 };

describe("sendIdentify", () => {
  it("is skipped for an unverified e-mail", async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    await expect(sendIdentify({ api, storage, emailVerified: false, attribution })).resolves.toBe(
      "unverified",
    );
    expect(api.identify).not.toHaveBeenCalled();
    expect(storage.values.has(sentAttributionKey)).toBe(false);
  });

  it("is skipped when there is no attribution data", async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    await expect(
      sendIdentify({ api, storage, emailVerified: true, attribution: { timestamp: 2000 } }),
    ).resolves.toBe("no-data");
    expect(api.identify).not.toHaveBeenCalled();
  });

  it("is skipped when the data is what was last sent (the timestamp aside)", async () => {
    const api = fakeApi();
    const storage = memoryStorage({ [sentAttributionKey]: { ...attribution, timestamp: 1000 } });
    await expect(sendIdentify({ api, storage, emailVerified: true, attribution })).resolves.toBe("unchanged");
    expect(api.identify).not.toHaveBeenCalled();
    expect(storage.json(sentAttributionKey)).toEqual({ ...attribution, timestamp: 1000 });
  });

  it("is sent when the data differs, and what was sent is recorded", async () => {
    const api = fakeApi();
    const storage = memoryStorage({ [sentAttributionKey]: { utm_source: "older", timestamp: 1000 } });
    await expect(sendIdentify({ api, storage, emailVerified: true, attribution })).resolves.toBe("sent");
    expect(api.identify).toHaveBeenCalledExactlyOnceWith({ attribution });
    expect(storage.json(sentAttributionKey)).toEqual(attribution);
  });

  it("is sent the first time, with nothing sent before", async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    await expect(sendIdentify({ api, storage, emailVerified: true, attribution })).resolves.toBe("sent");
    expect(storage.json(sentAttributionKey)).toEqual(attribution);
  });

  it("records nothing when the call fails, so the next run tries again", async () => {
    const api = fakeApi();
    api.identify.mockRejectedValue(new Error("offline"));
    const storage = memoryStorage();
    await expect(sendIdentify({ api, storage, emailVerified: true, attribution })).rejects.toThrow("offline");
    expect(storage.values.has(sentAttributionKey)).toBe(false);
  });
});
