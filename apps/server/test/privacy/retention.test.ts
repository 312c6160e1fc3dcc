import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, childPhoto, generatedImage, mailOutbox, session, user } from "../../src/db/schema";
import { photoKeys } from "../../src/modules/photos/photo-storage-keys";
import { deleteUnverifiedAccounts, purgeTrainingPhotos } from "../../src/modules/privacy/retention";
import { renderPortraitJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, verifiedParent } from "../support/families";
import { latestMail, signUp, tokenFor } from "../support/identity";
import { childRow, literalNeedles, portraitRows, scanTables, seedFamily } from "../support/privacy";
import { batchReads, watchQueries } from "../support/query-watch";
import { workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PHOTOS_MIN_PER_CHILD: "3",
    FACE_DETECTION: "off",
    TRAINING_PHOTO_RETENTION_DAYS: "14",
    UNVERIFIED_ACCOUNT_RETENTION_DAYS: "21",
  });
});
afterAll(() => t.close());

/**
 * A hang detector, not a speed limit: seeding trains a child and renders portraits in real image
 * threads (seconds on a quiet machine, many times that beside other work on two cores).
 */
const SLOW = { timeout: 180_000 };
const DAY = 86_400_000;
const daysAgo = (days: number, from = Date.now()) => new Date(from - days * DAY);

async function photoState(childId: number, familyId: string) {
  const rows = await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));
  const files = await t.storage.list(`families/${familyId}/children/${childId}/`);
  return {
    rows: rows.length,
    photos: files.filter((key) => key.includes("/photos/")).length,
    thumbnails: files.filter((key) => key.includes("/thumbnails/")).length,
    portraits: files.filter((key) => key.includes("/portraits/")).length,
  };
}

describe("training photo retention", SLOW, () => {
  it("deletes training photos N days after training, exactly those, and the studio keeps working", async () => {
    const now = new Date();
    const old = await seedFamily(t, { parentName: "Olga", childName: "Hazel", photoSeed: 0, portraits: 1 });
    const recent = await seedFamily(t, { parentName: "Rita", childName: "Ivy", photoSeed: 3, portraits: 1 });
    const untrained = await seedFamily(t, {
      parentName: "Una",
      childName: "Fern",
      photoSeed: 6,
      train: false,
    });
    // Hazel was trained 15 days ago, Ivy 13 days ago (the limit is 14); Fern never, long ago.
    await t.database.db
      .update(child)
      .set({ trainingCompletedAt: daysAgo(15, now.getTime()) })
      .where(eq(child.id, old.childId));
    await t.database.db
      .update(child)
      .set({ trainingCompletedAt: daysAgo(13, now.getTime()) })
      .where(eq(child.id, recent.childId));
    await t.database.db
      .update(child)
      .set({ createdAt: daysAgo(90) })
      .where(eq(child.id, untrained.childId));
    await t.database.db
      .update(childPhoto)
      .set({ createdAt: daysAgo(90) })
      .where(eq(childPhoto.childId, untrained.childId));
    const whole = { rows: 3, photos: 3, thumbnails: 3, portraits: 2 };

    expect(await purgeTrainingPhotos(t.privacy, now)).toEqual({ children: 1, photos: 3 });
    expect(await photoState(old.childId, old.familyId)).toEqual({
      rows: 0,
      photos: 0,
      thumbnails: 0,
      portraits: 2,
    });
    expect(await photoState(recent.childId, recent.familyId)).toEqual(whole);
    expect(await photoState(untrained.childId, untrained.familyId)).toEqual({ ...whole, portraits: 0 });
    // Nothing else of Hazel went: her model, her portraits, her row.
    const hazel = await childRow(t, old.childId);
    expect(hazel).toMatchObject({ trainingStatus: "completed" });
    expect(await t.storage.list(`image-models/${hazel.modelVersion}/`)).toHaveLength(4);
    expect(await portraitRows(t, old.childId)).toHaveLength(1);
    expect(await scanTables(t, literalNeedles(old.photoIds))).toEqual([]);

    // Run again: nothing more is due today. Two days later, Ivy's turn.
    expect(await purgeTrainingPhotos(t.privacy, now)).toEqual({ children: 0, photos: 0 });
    expect(await purgeTrainingPhotos(t.privacy, new Date(now.getTime() + 2 * DAY))).toEqual({
      children: 1,
      photos: 3,
    });
    expect(await photoState(recent.childId, recent.familyId)).toEqual({
      rows: 0,
      photos: 0,
      thumbnails: 0,
      portraits: 2,
    });
    expect(await photoState(untrained.childId, untrained.familyId)).toEqual({ ...whole, portraits: 0 });

    // The studio makes portraits from the model, not the photos: Hazel's studio still works.
    const generated = await postAs(t.app, "/api/generation/generate", old.parent, old.familyId, {
      childId: old.childId,
      styleId: "viking",
      count: 1,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    await workQueued(t, [renderPortraitJob.name]);
    const [portrait] = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.id, generated.json().images[0].id));
    expect(portrait?.status).toBe("succeeded");
    const children = (await postAs(t.app, "/api/children/get", old.parent, old.familyId)).json();
    expect(children).toMatchObject([{ id: old.childId, trainingStatus: "completed", photoCount: 0 }]);
  });
});

describe("unverified account retention", SLOW, () => {
  it("deletes unverified accounts older than N days without recent activity, and nothing else", async () => {
    const now = new Date();
    const make = async (firstName: string) => {
      const { email } = await signUp(t.app, { firstName });
      const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
      return { email, userId: row?.id ?? "" };
    };
    const forgotten = await make("Quinn"); // 40 days old, never signed in
    const dormant = await make("Dora"); // 40 days old, last active 30 days ago
    const active = await make("Abel"); // 40 days old, active 5 days ago
    const young = await make("Yara"); // 10 days old
    const verified = await verifiedParent(t.app, t.database.db, { firstName: "Vik" }); // 40 days old
    await tokenFor(t.app, dormant.email);
    await tokenFor(t.app, active.email);
    const age = (userId: string, days: number) =>
      t.database.db
        .update(user)
        .set({ createdAt: daysAgo(days, now.getTime()) })
        .where(eq(user.id, userId));
    for (const userId of [forgotten.userId, dormant.userId, active.userId, verified.userId])
      await age(userId, 40);
    await age(young.userId, 10);
    await t.database.db
      .update(session)
      .set({ createdAt: daysAgo(30, now.getTime()), updatedAt: daysAgo(30, now.getTime()) })
      .where(eq(session.userId, dormant.userId));
    await t.database.db
      .update(session)
      .set({ createdAt: daysAgo(35, now.getTime()), updatedAt: daysAgo(5, now.getTime()) })
      .where(eq(session.userId, active.userId));
    const alive = async () =>
      (
        await t.database.db
          .select({ id: user.id })
          .from(user)
          .where(
            inArray(user.id, [
              forgotten.userId,
              dormant.userId,
              active.userId,
              young.userId,
              verified.userId,
            ]),
          )
      ).map((row) => row.id);

    expect(await deleteUnverifiedAccounts(t.privacy, now)).toBe(2);
    expect((await alive()).sort()).toEqual([active.userId, young.userId, verified.userId].sort());
    // Deleted the same way as a parent's own deletion: nothing of them is left but the notice.
    const hits = await scanTables(
      t,
      literalNeedles([forgotten.userId, forgotten.email, dormant.userId, dormant.email]),
      (table, found) => table === "mail_outbox" && found.kind === "account-deleted",
    );
    expect(hits).toEqual([]);
    const notice = await latestMail(t.database.db, forgotten.email, "account-deleted");
    expect(notice?.text).toContain("never confirmed within 21 days");
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, forgotten.email)),
    ).toHaveLength(1);

    // Twelve days on, the young one is due too; the active one is still within its window.
    expect(await deleteUnverifiedAccounts(t.privacy, new Date(now.getTime() + 12 * DAY))).toBe(1);
    expect((await alive()).sort()).toEqual([active.userId, verified.userId].sort());
  });
});

describe("retention in batches", SLOW, () => {
  const BATCH = 2;

  it("purges the photos of every due child exactly once, reading at most one batch of children at a time", async () => {
    const now = new Date();
    const { familyId } = await verifiedParent(t.app, t.database.db, { firstName: "Bria" });
    // Five children trained 30 days ago with two photos each, written directly: only the rows and
    // files the purge looks at matter here.
    const children = await t.database.db
      .insert(child)
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          organizationId: familyId,
          firstName: `Batch${index}`,
          gender: "girl" as const,
          age: 5,
          triggerWord: `batchkid${index}x${now.getTime()}`,
          trainingStatus: "completed",
          trainingCompletedAt: daysAgo(30, now.getTime()),
        })),
      )
      .returning({ id: child.id });
    for (const { id } of children) {
      for (const index of [0, 1]) {
        const photoId = `batch-${id}-${index}`;
        const keys = photoKeys(familyId, id, photoId);
        await t.storage.put(keys.storageKey, Buffer.from("photo"), "image/jpeg");
        await t.storage.put(keys.thumbnailKey, Buffer.from("thumb"), "image/webp");
        await t.database.db.insert(childPhoto).values({
          id: photoId,
          childId: id,
          ...keys,
          width: 800,
          height: 800,
          byteSize: 5,
          perceptualHash: `${id}${index}`.padStart(16, "0"),
          sharpness: 100,
          blurry: false,
          // Uploaded before the training, as training photos are (a photo added after it waits
          // for a yearly update: decision 0069).
          createdAt: daysAgo(31, now.getTime()),
        });
      }
    }

    const watch = watchQueries(t.database.db, { table: "child" });
    try {
      expect(await purgeTrainingPhotos(t.privacy, now, { batchSize: BATCH })).toEqual({
        children: 5,
        photos: 10,
      });
    } finally {
      watch.restore();
    }
    // 2 + 2 + 1: the short third batch ends the walk.
    expect(batchReads(watch.reads).map((read) => read.rows)).toEqual([2, 2, 1]);
    for (const { id } of children) {
      expect(await photoState(id, familyId)).toEqual({ rows: 0, photos: 0, thumbnails: 0, portraits: 0 });
    }
    expect(await purgeTrainingPhotos(t.privacy, now, { batchSize: BATCH })).toEqual({
      children: 0,
      photos: 0,
    });
  });

  it("deletes every due unverified account exactly once, reading at most one batch at a time", async () => {
    const now = new Date();
    const accounts: { email: string; userId: string }[] = [];
    for (const firstName of ["Faye", "Gus", "Hal", "Ines", "Jon"]) {
      const { email } = await signUp(t.app, { firstName });
      const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
      accounts.push({ email, userId: row?.id ?? "" });
    }
    const userIds = accounts.map((account) => account.userId);
    await t.database.db
      .update(user)
      .set({ createdAt: daysAgo(40, now.getTime()) })
      .where(inArray(user.id, userIds));

    const watch = watchQueries(t.database.db, { table: "user" });
    try {
      expect(await deleteUnverifiedAccounts(t.privacy, now, { batchSize: BATCH })).toBe(5);
    } finally {
      watch.restore();
    }
    expect(batchReads(watch.reads).map((read) => read.rows)).toEqual([2, 2, 1]);
    expect(Math.max(...watch.reads.map((read) => read.rows))).toBeLessThanOrEqual(BATCH);
    expect(await t.database.db.select({ id: user.id }).from(user).where(inArray(user.id, userIds))).toEqual(
      [],
    );
    // Deleted once each: one notice apiece.
    for (const { email } of accounts) {
      const notices = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      expect(notices.map((mail) => mail.kind)).toEqual(["account-deleted"]);
    }
    expect(await deleteUnverifiedAccounts(t.privacy, now, { batchSize: BATCH })).toBe(0);
  });
});
