import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ATTRIBUTION_CLIENT_ID_ATTEMPTS,
  CLIENT_ID_RETRY_MS,
  lookUpClientId,
  STARTUP_CLIENT_ID_ATTEMPTS,
} from "./look-up-client-id";

/** A reader that finds the id from the given attempt on (never when undefined), noting when it is asked. */
function readerFindingAt(attempt: number | undefined) {
  const calls: number[] = [];
  const read = vi.fn(() => {
    calls.push(Date.now());
    return attempt !== undefined && calls.length >= attempt ? "123.456" : undefined;
  });
  return { read, calls };
}

describe("lookUpClientId", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers at once when the id is there on the first try", async () => {
    const { read } = readerFindingAt(1);
    await expect(lookUpClientId({ read, attempts: ATTRIBUTION_CLIENT_ID_ATTEMPTS })).resolves.toBe("123.456");
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("finds an id that appears after retries, 1 second apart", async () => {
    const { read, calls } = readerFindingAt(3);
    const found = lookUpClientId({ read, attempts: ATTRIBUTION_CLIENT_ID_ATTEMPTS });
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(found).resolves.toBe("123.456");
    expect(calls).toEqual([0, 1000, 2000]);
  });

  it("in the attribution flow, gives up after exactly 3 tries, 1 second apart, without waiting after the last", async () => {
    const { read, calls } = readerFindingAt(undefined);
    let settled = false;
    const found = lookUpClientId({ read, attempts: ATTRIBUTION_CLIENT_ID_ATTEMPTS }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(settled).toBe(true);
    await expect(found).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([0, 1000, 2000]);
    expect(ATTRIBUTION_CLIENT_ID_ATTEMPTS).toBe(3);
    expect(CLIENT_ID_RETRY_MS).toBe(1000);
  });

  it("at start-up, retries once after 1000 ms", async () => {
    const never = readerFindingAt(undefined);
    const missing = lookUpClientId({ read: never.read, attempts: STARTUP_CLIENT_ID_ATTEMPTS });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(missing).resolves.toBeUndefined();
    expect(never.calls).toEqual([0, 1000]);

    vi.setSystemTime(0);
    const second = readerFindingAt(2);
    const found = lookUpClientId({ read: second.read, attempts: STARTUP_CLIENT_ID_ATTEMPTS });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(found).resolves.toBe("123.456");
    expect(second.calls).toEqual([0, 1000]);
  });
});
