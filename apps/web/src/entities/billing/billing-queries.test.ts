import { QueryClient } from "@tanstack/react-query";
import type { Subscription, UserRecord } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { userQueryKey } from "@/entities/session/get-user";
import {
  activeSubscriptionQueryKey,
  CONFIRMING_POLL_MS,
  getActiveSubscriptionQueryOptions,
  storeCredits,
} from "./billing-queries";

type Interval = (query: { state: { data: Subscription | null | undefined } }) => number | false;

function intervalFor(data: Pick<Subscription, "isActive"> | null | undefined, pollUntilActive: boolean) {
  const { refetchInterval } = getActiveSubscriptionQueryOptions("user-1", { pollUntilActive });
  if (typeof refetchInterval !== "function") return refetchInterval;
  return (refetchInterval as unknown as Interval)({
    state: { data: data as Subscription | null | undefined },
  });
}

const user = { betterAuthUid: "user-1", totalCredits: 100 } as UserRecord;

describe("the active subscription query", () => {
  it("is the parent's, and waits for one", () => {
    expect(getActiveSubscriptionQueryOptions("user-1").queryKey).toEqual([
      "billing",
      "user-1",
      "subscription",
    ]);
    expect(activeSubscriptionQueryKey("user-1")).toEqual(["billing", "user-1", "subscription"]);
    expect(getActiveSubscriptionQueryOptions(undefined).enabled).toBe(false);
  });

  it("is read again every few seconds while a payment is confirmed, until the plan is active", () => {
    expect(intervalFor(null, true)).toBe(CONFIRMING_POLL_MS);
    expect(intervalFor(undefined, true)).toBe(CONFIRMING_POLL_MS);
    expect(intervalFor({ isActive: false }, true)).toBe(CONFIRMING_POLL_MS);
    expect(intervalFor({ isActive: true }, true)).toBe(false);
    expect(intervalFor(null, false)).toBe(false);
  });
});

describe("storeCredits", () => {
  it("copies a fresh balance into the user record the header and guard read", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userQueryKey("user-1"), user);
    storeCredits(queryClient, "user-1", 120);
    expect(queryClient.getQueryData<UserRecord>(userQueryKey("user-1"))?.totalCredits).toBe(120);
  });

  it("leaves an unknown record alone", () => {
    const queryClient = new QueryClient();
    storeCredits(queryClient, "user-1", 120);
    expect(queryClient.getQueryData(userQueryKey("user-1"))).toBeUndefined();
  });
});
