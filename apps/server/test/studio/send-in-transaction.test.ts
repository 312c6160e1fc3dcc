import { afterAll, beforeAll, expect, it } from "vitest";
import { sendJobInTransaction } from "../../src/jobs/send-in-transaction";
import { reconcileStudioJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const queued = () => t.queue.boss.getQueueSize(reconcileStudioJob.name);

it("queues a job exactly when the transaction around it commits", async () => {
  const before = await queued();
  await expect(
    t.database.db.transaction(async (tx) => {
      await sendJobInTransaction(tx, t.queue.boss, reconcileStudioJob, {});
      throw new Error("changed my mind");
    }),
  ).rejects.toThrow("changed my mind");
  expect(await queued()).toBe(before);

  await t.database.db.transaction(async (tx) => {
    await sendJobInTransaction(tx, t.queue.boss, reconcileStudioJob, {});
  });
  expect(await queued()).toBe(before + 1);
});

it("refuses to pass silently when the queue does not exist", async () => {
  await expect(
    t.database.db.transaction((tx) =>
      sendJobInTransaction(
        tx,
        t.queue.boss,
        { name: "no.such-queue", payload: reconcileStudioJob.payload },
        {},
      ),
    ),
  ).rejects.toThrow(/was not queued/);
});
