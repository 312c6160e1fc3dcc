import { describe, expect, it } from "vitest";
import {
  hasAttributionData,
  readAttribution,
  sameAttribution,
  storedAttributionKey,
  writeAttribution,
} from "./attribution-record";
import { memoryStorage } from "./test-fakes";

describe("attribution record", () => {
  it("has data when any value is there, the client id or referrer alone included", () => {
    expect(hasAttributionData({})).toBe(false);
    expect(hasAttributionData({ timestamp: 1 })).toBe(false);
    expect(hasAttributionData({ utm_source: "" })).toBe(false);
    expect(hasAttributionData({ ga_client_id: "1.2" })).toBe(true);
    expect(hasAttributionData({ referrer: "https://a.example/" })).toBe(true);
    expect(hasAttributionData(null)).toBe(false);
  });

  it("compares without the timestamp", () => {
    expect(sameAttribution({ utm_source: "a", timestamp: 1 }, { utm_source: "a", timestamp: 2 })).toBe(true);
    expect(sameAttribution({ utm_source: "a" }, { utm_source: "a", fbc: "fb.1.1.x" })).toBe(false);
    expect(sameAttribution({ utm_source: "a", fbp: "" }, { utm_source: "a" })).toBe(true);
  });

  it("reads back what it wrote, and nothing from a damaged entry", () => {
    const storage = memoryStorage({ [storedAttributionKey]: "{not json" });
    expect(readAttribution(storage, storedAttributionKey)).toBeNull();
    writeAttribution(storage, storedAttributionKey, { utm_source: "a", timestamp: 5 });
    expect(readAttribution(storage, storedAttributionKey)).toEqual({ utm_source: "a", timestamp: 5 });
    storage.write(storedAttributionKey, JSON.stringify({ utm_source: 42 }));
    expect(readAttribution(storage, storedAttributionKey)).toBeNull();
  });
});
