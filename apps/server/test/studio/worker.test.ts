import type { GeneratedImage } from "@wonderkin/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, generatedImage } from "../../src/db/schema";
import { createImageWork } from "../../src/image-work/image-work";
import { changeCredits, readCredits } from "../../src/modules/credits/change-credits";
import { trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * The studio's jobs worked by a real worker, as `ROLE=worker` runs them: several renders at once
 * in a pool of real threads, families served round-robin, nothing lost when a worker stops.
 */
let t: TestApp;
/** Every render the pool was asked for, by seed (each portrait has its own), in the order asked. */
const renderedSeeds: number[] = [];
/** While set, renders hang: a worker stopped now has jobs in flight that it can never finish. */
let hangRenders = false;
/**
 * While set, renders wait for it before drawing: with every slot held, the worker can take no
 * other job, so the portraits it took first are known without racing the clock.
 */
let renderGate: Promise<void> | null = null;

beforeAll(async () => {
  const pool = createImageWork({ threads: 2 });
  t = await createTestApp(
    // No instant previews: their renders would take the two slots this test counts on.
    { PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off", RENDER_CONCURRENCY: "2", PREVIEW_PORTRAITS: "0" },
    {
      imageWork: {
        ...pool,
        renderLocalPortrait: async (input) => {
          if (hangRenders) return new Promise(() => {});
          renderedSeeds.push(input.seed);
          await renderGate;
          return pool.renderLocalPortrait(input);
        },
      },
    },
  );
});
afterAll(() => t.close());

/** Polls for progress; the ceiling only detects a hang (the tests' own timeouts are above it). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 180): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not there after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Hang detectors, not speed limits: the tests render 11 and 6 portraits in a pool of two threads
 * (seconds on a quiet machine, a minute at a load of 20 on two cores), and the second waits out the
 * render queue's 5 s retry delay once.
 */
const HANG = { timeout: 240_000 };

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

/** A parent with a trained child and `credits` to spend. */
async function trainedFamily(firstName: string, credits: number) {
  const { parent, childId } = await parentWithChild(t, { firstName, planId: 3, photos: 3 });
  const started = await call(parent, "/api/children/training/start", { childId });
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  await changeCredits(t.database.db, {
    userId: parent.userId,
    delta: credits,
    kind: "adjustment",
    reference: `test-grant:${parent.userId}`,
    note: "credits for the worker test",
  });
  return { parent, childId };
}

async function generate(family: { parent: TestParent; childId: number }, count: number) {
  const answer = await call(family.parent, "/api/generation/generate", {
    childId: family.childId,
    styleId: "viking",
    count,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().images as GeneratedImage[]).map((image) => image.id);
}

const portraitsOf = (ids: string[]) =>
  t.database.db.select().from(generatedImage).where(inArray(generatedImage.id, ids));

describe("a worker with several renders at once", () => {
  it("serves families round-robin and renders every portrait exactly once", HANG, async () => {
    const a = await trainedFamily("Ann", 8);
    const b = await trainedFamily("Ben", 5);
    // Family A queues 8 portraits while no worker runs, then family B asks for one.
    const aIds: string[] = [];
    for (let click = 0; click < 2; click++) aIds.push(...(await generate(a, 4)));
    const [bId] = await generate(b, 1);
    if (!bId) throw new Error("no portrait for B");

    // While it waits, B's portrait knows its place: behind at most A's first few, not A's batch.
    const waiting = await call(b.parent, "/api/generation/prediction/status", { imageIds: [bId] });
    const [bWaiting] = waiting.json().images as GeneratedImage[];
    expect(bWaiting?.queuePosition).toBeLessThanOrEqual(1);

    // The worker's first pick, its two slots held: B's portrait is in it, beside A's first (first
    // in, first out would have served it 9th). The order is the queue's, not the clock's.
    renderedSeeds.length = 0;
    let openGate = () => {};
    renderGate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    await t.restartWorker();
    await until(
      async () => renderedSeeds.length,
      (started) => started >= 2,
    );
    const all = [...aIds, bId];
    const seedOf = new Map((await portraitsOf(all)).map((row) => [row.id, row.seed]));
    expect(renderedSeeds).toHaveLength(2);
    expect(renderedSeeds).toContain(seedOf.get(bId));
    expect(renderedSeeds).toContain(seedOf.get(aIds[0] ?? ""));
    renderGate = null;
    openGate();

    const done = await until(
      () => portraitsOf(all),
      (rows) => rows.every((row) => row.status === "succeeded"),
    );
    // Exactly once: one render per portrait, no seed twice.
    expect(renderedSeeds).toHaveLength(all.length);
    expect(new Set(renderedSeeds).size).toBe(all.length);
    const seeds = done.map((row) => row.seed).sort();
    expect([...renderedSeeds].sort()).toEqual(seeds);

    // Renders are measured now: waiting portraits get their place and an estimate from them.
    await t.worker?.stop();
    const next = await generate(b, 2);
    const status = await call(b.parent, "/api/generation/prediction/status", { imageIds: next });
    const waits = (status.json().images as GeneratedImage[]).sort(
      (x, y) => (x.queuePosition ?? 0) - (y.queuePosition ?? 0),
    );
    expect(waits.map((image) => image.queuePosition)).toEqual([0, 1]);
    const [first, second] = waits.map((image) => image.estimatedSeconds ?? 0);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThanOrEqual(first ?? 0);
    await t.restartWorker();
    await until(
      () => portraitsOf(next),
      (rows) => rows.every((row) => row.status === "succeeded"),
    );
  });

  it("loses nothing when the worker stops in the middle of a batch", HANG, async () => {
    const family = await trainedFamily("Cai", 6);
    const before = await readCredits(t.database.db, { userId: family.parent.userId });
    await t.worker?.stop();
    const ids = [...(await generate(family, 3)), ...(await generate(family, 3))];
    hangRenders = true;
    await t.restartWorker();
    const stuck = await until(
      () => portraitsOf(ids),
      (rows) => rows.filter((row) => row.status === "processing").length === 2,
    );
    // As on SIGTERM with no grace: the two renders in flight are handed back to the queue, and a
    // new worker finishes them (after the queue's retry delay) along with the rest.
    hangRenders = false;
    await t.restartWorker({ graceMs: 0 });
    const done = await until(
      () => portraitsOf(ids),
      (rows) => rows.every((row) => row.status === "succeeded"),
    );
    expect(done).toHaveLength(6);
    expect(stuck.filter((row) => row.status === "processing")).toHaveLength(2);
    // Paid once each, refunded never.
    expect(await readCredits(t.database.db, { userId: family.parent.userId })).toBe(before - 6);
    const refunds = await t.database.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"));
    expect(refunds.filter((entry) => ids.some((id) => entry.reference === `refund:${id}`))).toHaveLength(0);
  });
});
