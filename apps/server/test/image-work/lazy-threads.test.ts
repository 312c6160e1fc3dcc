import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterEach, expect, it } from "vitest";
import { createImageWork, type ImageWork } from "../../src/image-work/image-work";

/**
 * An API-only process keeps no image thread until a photo comes, and gives it back once uploads
 * stop (decision 0026, memory); a process that renders starts and keeps them all.
 */
const pools: ImageWork[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function imageWork(options: Parameters<typeof createImageWork>[0]): ImageWork {
  const pool = createImageWork(options);
  pools.push(pool);
  return pool;
}

async function onePicture(): Promise<Uint8Array> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#c96" } })
    .jpeg()
    .toBuffer();
}

/** Polls for something that will happen; the ceiling only detects a hang. */
async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(20);
  }
}

it("starts a lazy pool's thread at its first task and gives it back when idle", async () => {
  const lazy = imageWork({ threads: 1, idleTimeoutMs: 300 });
  // The pool starts its minimum threads in its constructor (an eager pool has them all here, see
  // below), so right after creation is the moment a lazy pool would have started one: no wait.
  expect(lazy.threadsRunning()).toBe(0);
  const copy = await lazy.analysisCopy({ bytes: await onePicture() });
  expect(copy.width).toBeGreaterThan(0);
  expect(lazy.threadsRunning()).toBe(1);
  await until(() => lazy.threadsRunning() === 0);
});

it("starts and keeps every thread of an eager pool", async () => {
  // Asked for the same short idle timeout as a lazy pool, an eager pool ignores it.
  const eager = imageWork({ threads: 2, eager: true, idleTimeoutMs: 100 });
  expect(eager.threadsRunning()).toBe(2);
  await eager.analysisCopy({ bytes: await onePicture() });
  // Instead of a fixed sleep: the lazy pool's thread, idle since after the eager pool's task, is
  // given back, so by then the eager pool's threads would have been given back too.
  const lazy = imageWork({ threads: 1, idleTimeoutMs: 100 });
  await lazy.analysisCopy({ bytes: await onePicture() });
  await until(() => lazy.threadsRunning() === 0);
  expect(eager.threadsRunning()).toBe(2);
});
