import type { Attribution } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { gatherAttribution, landingPageOf } from "./gather-attribution";

const now = 1_750_000_000_000;
const stored: Attribution = {
  utm_source: "old-news",
  utm_medium: "email",
  utm_campaign: "spring",
  utm_term: "portraits",
  utm_content: "banner",
  fbp: "fb.1.1700000000000.111",
  fbc: "fb.1.1700000000000.oldclick",
  ga_client_id: "111.222",
  referrer: "https://search.example/",
  timestamp: 1_700_000_000_000,
};

const gather = (options: Partial<Parameters<typeof gatherAttribution>[0]> = {}) =>
  gatherAttribution({
    url: "https://wonderkin.test/",
    cookies: "",
    referrer: "",
    now,
    stored: null,
    ...options,
  });

describe("gatherAttribution: UTM parameters", () => {
  it("reads them from the page address", () => {
    const record = gather({
      url: "https://wonderkin.test/?utm_source=news&utm_medium=email&utm_campaign=may&utm_term=kids&utm_content=hero",
    });
    expect(record).toMatchObject({
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "may",
      utm_term: "kids",
      utm_content: "hero",
    });
  });

  it("falls back to the stored ones when the address has none", () => {
    const record = gather({ url: "https://wonderkin.test/sign-up?returnUrl=%2Fkids", stored });
    expect(record).toMatchObject({
      utm_source: "old-news",
      utm_medium: "email",
      utm_campaign: "spring",
      utm_term: "portraits",
      utm_content: "banner",
    });
  });

  it("replaces the stored set as a whole when the address has some (campaigns are not mixed)", () => {
    const record = gather({ url: "https://wonderkin.test/?utm_source=ads", stored });
    expect(record.utm_source).toBe("ads");
    expect(record.utm_medium).toBeUndefined();
    expect(record.utm_campaign).toBeUndefined();
  });

  it("cuts values to the contract's 500 characters", () => {
    const record = gather({ url: `https://wonderkin.test/?utm_source=${"x".repeat(800)}` });
    expect(record.utm_source).toHaveLength(500);
  });
});

describe("gatherAttribution: Meta click ids", () => {
  it("takes fbp and fbc from their cookies", () => {
    const record = gather({
      url: "https://wonderkin.test/?fbclid=fromurl",
      cookies: "_fbp=fb.1.1.999; _fbc=fb.1.1700000000000.fromcookie",
    });
    expect(record.fbp).toBe("fb.1.1.999");
    expect(record.fbc).toBe("fb.1.1700000000000.fromcookie");
  });

  it("builds fbc as fb.1.{now}.{fbclid} when the cookie is missing but the address has fbclid", () => {
    const record = gather({ url: "https://wonderkin.test/?fbclid=abc123", stored });
    expect(record.fbc).toBe(`fb.1.${now}.abc123`);
  });

  it("keeps the stored fbc for the same click, so a reload does not look like new data", () => {
    const record = gather({
      url: "https://wonderkin.test/?fbclid=abc123",
      stored: { ...stored, fbc: "fb.1.1700000000000.abc123" },
    });
    expect(record.fbc).toBe("fb.1.1700000000000.abc123");
  });

  it("falls back to the stored ids when there is neither cookie nor fbclid", () => {
    const record = gather({ stored });
    expect(record.fbp).toBe(stored.fbp);
    expect(record.fbc).toBe(stored.fbc);
  });

  it("leaves them out when there is nothing at all", () => {
    const record = gather();
    expect(record.fbp).toBeUndefined();
    expect(record.fbc).toBeUndefined();
  });
});

describe("gatherAttribution: referrer and client id", () => {
  it("keeps a referrer from another site only", () => {
    expect(gather({ referrer: "https://news.example/story" }).referrer).toBe("https://news.example/story");
    expect(gather({ referrer: "https://wonderkin.test/sign-in" }).referrer).toBeUndefined();
    expect(gather({ referrer: "not a url" }).referrer).toBeUndefined();
  });

  it("falls back to the stored referrer, and carries the stored client id for the caller to refresh", () => {
    const record = gather({ referrer: "https://wonderkin.test/sign-in", stored });
    expect(record.referrer).toBe(stored.referrer);
    expect(record.ga_client_id).toBe("111.222");
  });

  it("has no timestamp: the caller stamps what it keeps", () => {
    expect(gather({ stored }).timestamp).toBeUndefined();
  });
});

describe("landingPageOf", () => {
  it("is the path and query, without one-time tokens or e-mail addresses", () => {
    expect(landingPageOf("https://wonderkin.test/?utm_source=a&fbclid=b")).toBe("/?utm_source=a&fbclid=b");
    expect(landingPageOf("https://wonderkin.test/verify-email?token=secret")).toBe("/verify-email");
    expect(landingPageOf("https://wonderkin.test/sign-up?email=a%40b.c&x=1")).toBe("/sign-up?x=1");
  });
});
