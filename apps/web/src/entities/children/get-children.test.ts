import type { Child } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { getChildrenQueryOptions, TRAINING_POLL_MS } from "./get-children";

const child = (trainingStatus: Child["trainingStatus"]): Child => ({
  id: 1,
  firstName: "Mia",
  age: 5,
  birthDate: null,
  gender: "girl",
  trainingStatus,
  trainingFailureReason: null,
  photoCount: 12,
  studioIntroSeen: false,
  createdAt: "2026-11-22T10:00:00.000Z",
});

type Interval = (query: { state: { data: Child[] | undefined } }) => number | false;

function intervalFor(data: Child[] | undefined, pollWhileTraining: boolean) {
  const { refetchInterval } = getChildrenQueryOptions("family-1", { pollWhileTraining });
  if (typeof refetchInterval !== "function") return refetchInterval;
  return (refetchInterval as unknown as Interval)({ state: { data } });
}

describe("getChildrenQueryOptions", () => {
  it("reads the list again every 10 seconds while a model trains, when asked to", () => {
    expect(intervalFor([child(null), child("started")], true)).toBe(TRAINING_POLL_MS);
    expect(TRAINING_POLL_MS).toBe(10_000);
  });

  it("stops once nothing trains, and never polls for pages that did not ask", () => {
    expect(intervalFor([child("completed"), child(null)], true)).toBe(false);
    expect(intervalFor(undefined, true)).toBe(false);
    expect(intervalFor([child("started")], false)).toBe(false);
  });

  it("is keyed under the family and waits for one", () => {
    expect(getChildrenQueryOptions("family-1").queryKey).toEqual(["family", "family-1", "children"]);
    expect(getChildrenQueryOptions(null).enabled).toBe(false);
  });
});
