import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterEach, expect, it } from "vitest";
import { createImageWork, type ImageWork } from "../../src/image-work/image-work";

/**
 * An API-only process keeps no image thread until a photo comes, and gives it back once uploads
 * stop (decision 0026, memory); a process that renders starts and keeps them all.
 */
let pool: ImageWork | null = null;

afterEach(async () => {
  await pool?.close();
  pool = null;
});

async function onePicture(): Promise<Uint8Array> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#c96" } })
    .jpeg()
    .toBuffer();
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(20);
  }
}

it("starts a lazy pool's thread at its first task and gives it back when idle", async () => {
  const lazy = createImageWork({ threads: 1, idleTimeoutMs: 300 });
  pool = lazy;
  await sleep(200);
  expect(lazy.threadsRunning()).toBe(0);
  const copy = await lazy.analysisCopy({ bytes: await onePicture() });
  expect(copy.width).toBeGreaterThan(0);
  expect(lazy.threadsRunning()).toBe(1);
  await until(() => lazy.threadsRunning() === 0);
});

it("starts and keeps every thread of an eager pool", async () => {
  const eager = createImageWork({ threads: 2, eager: true });
  pool = eager;
  await until(() => eager.threadsRunning() === 2);
  await sleep(500);
  expect(eager.threadsRunning()).toBe(2);
});
