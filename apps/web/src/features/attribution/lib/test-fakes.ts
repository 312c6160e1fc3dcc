import { vi } from "vitest";
import type { AnalyticsApi } from "./analytics-api";
import type { KeyValueStorage } from "./attribution-record";

/** Local storage in memory, for the tests of this folder. */
export function memoryStorage(initial: Record<string, unknown> = {}): KeyValueStorage & {
  values: Map<string, string>;
  json(key: string): unknown;
} {
  const values = new Map(
    Object.entries(initial).map(([key, value]) => [
      key,
      typeof value === "string" ? value : JSON.stringify(value),
    ]),
  );
  return {
    values,
    read: (key) => values.get(key) ?? null,
    write: (key, value) => void values.set(key, value),
    json: (key) => {
      const text = values.get(key);
      return text === undefined ? undefined : JSON.parse(text);
    },
  };
}

/** An analytics API whose calls all succeed (each a vi.fn to inspect or make fail). */
export function fakeApi() {
  return {
    recordVisit: vi.fn<AnalyticsApi["recordVisit"]>().mockResolvedValue({ tracked: true }),
    identify: vi.fn<AnalyticsApi["identify"]>().mockResolvedValue({ recorded: true }),
    submitUserData: vi.fn<AnalyticsApi["submitUserData"]>().mockResolvedValue({ recorded: true }),
    signInFacts: vi
      .fn<AnalyticsApi["signInFacts"]>()
      .mockResolvedValue({ lastSignInDate: "2026-05-02T09:00:00.000Z", signupAuthentication: "email" }),
  };
}
