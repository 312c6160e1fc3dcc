import { describe, expect, it } from "vitest";
import { attributionSchema } from "../analytics";
import { attributionKeys, parseAttribution } from "./analytics-rules";

const records: unknown[] = [
  null,
  "utm_source=news",
  [],
  {},
  { utm_source: " newsletter ", utm_medium: "email", timestamp: 1_764_000_000_000 },
  { utm_source: "x", extra: "dropped" },
  { utm_source: 42 },
  { utm_source: null },
  { referrer: "a".repeat(500) },
  { referrer: ` ${"a".repeat(500)} ` },
  { referrer: "a".repeat(501) },
  { timestamp: 1.5 },
  { timestamp: "1764000000000" },
  Object.fromEntries(attributionKeys.map((key) => [key, `${key} value`])),
];

describe("the attribution record without zod", () => {
  it("has attributionSchema's keys", () => {
    expect(Object.keys(attributionSchema.shape).sort()).toEqual([...attributionKeys, "timestamp"].sort());
  });

  it("reads a stored record as attributionSchema does", () => {
    for (const record of records) {
      const parsed = attributionSchema.safeParse(record);
      expect(parseAttribution(record), JSON.stringify(record)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
