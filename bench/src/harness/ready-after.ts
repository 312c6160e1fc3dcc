import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Milliseconds from `startedAt` until `url` answers 200 (the moment a load balancer would send the
 * process traffic); fails when the process exits first or after `timeoutMs`.
 */
export async function readyAfter(
  child: ChildProcess,
  url: string,
  startedAt: number,
  timeoutMs = 120_000,
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the process exited (${child.exitCode}) before it was ready`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - startedAt;
    if (performance.now() - startedAt > timeoutMs)
      throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
    await sleep(20);
  }
}
