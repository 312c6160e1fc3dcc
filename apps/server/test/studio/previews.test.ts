import type { GeneratedImage, Previews } from "@wonderkin/contract";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { creditLedger, generatedImage, mailOutbox, previewSet } from "../../src/db/schema";
import { readCredits } from "../../src/modules/credits/change-credits";
import { childStoragePrefix } from "../../src/modules/storage-layout/family-storage-prefix";
import { makePreviews } from "../../src/modules/studio/previews";
import { failPortrait, runRender } from "../../src/modules/studio/rendering";
import { makePreviewsJob, renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { settleTraining } from "../../src/modules/studio/training";
import { createTestApp, type TestApp } from "../create-test-app";
import { keepAdultLookingPhotos } from "../support/answer-photo-questions";
import { samePersonPictures } from "../support/face-pictures";
import { postAs, type TestParent } from "../support/families";
import { upload, uploadForm } from "../support/photos";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Instant previews on the local model: a free set as soon as a child has the photo minimum, made
 * while (or before) the model trains, checked for likeness, and treated like any generated image.
 * The photos are one adult's (the face detector's samples): there are no photos of children.
 */
let t: TestApp;
let photos: Buffer[];

beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "on", PREVIEW_PORTRAITS: "4" });
  photos = await samePersonPictures(8);
});
afterAll(async () => {
  await t.close();
});

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

async function previewsOf(as: TestParent, childId: number): Promise<Previews> {
  const answer = await call(as, "/api/children/previews", { childId });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function rowsById(id: string) {
  const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, id));
  return row;
}

async function previewRows(childId: number) {
  return t.database.db
    .select()
    .from(generatedImage)
    .where(and(eq(generatedImage.childId, childId), eq(generatedImage.kind, "preview")));
}

/** A parent with a child whose first three photos (the minimum) are in. */
const childWithPhotos = (firstName: string, photoBytes = photos.slice(0, 3)) =>
  parentWithChild(t, { firstName, planId: 3, photos: photoBytes.length, photoBytes });

// Each case makes a set of renders and often trains a model: tens of seconds on PostgreSQL on a busy CI machine.
describe("instant previews on the local model", { timeout: 120_000 }, () => {
  it("are made free as soon as the photo minimum is in, before training, and look like the child", async () => {
    const { parent, childId } = await childWithPhotos("Ada");
    const credits = await readCredits(t.database.db, { userId: parent.userId });
    expect((await previewsOf(parent, childId)).status).toBe("none");

    expect(await workQueued(t, [makePreviewsJob.name])).toBe(1);
    const making = await previewsOf(parent, childId);
    expect(making.status).toBe("making");
    expect(making.images).toHaveLength(4);
    expect(new Set(making.images.map((image) => image.styleId)).size).toBe(4);

    // The local model reads the stored photos itself: no reference copy for a provider is made
    // (≈ 0.3 s of an image thread a photo, four photos a preview).
    const referenceCopies = vi.spyOn(t.imageWork, "referenceCopy");
    // The likeness check looks first where the local model says it drew the face.
    const likenessLooks = vi.spyOn(t.imageWork, "describePortraitFaces");
    await workQueued(t, [renderPortraitJob.name]);
    expect(referenceCopies).not.toHaveBeenCalled();
    referenceCopies.mockRestore();
    expect(likenessLooks).toHaveBeenCalledTimes(4);
    for (const [input] of likenessLooks.mock.calls) {
      expect(input.lookingFor?.at).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
      expect(input.lookingFor?.at?.width ?? 0).toBeGreaterThan(0);
    }
    likenessLooks.mockRestore();
    const ready = await previewsOf(parent, childId);
    expect(ready.status).toBe("ready");
    // An unlike preview is dropped by design, so one of the four may be missing, never more. None
    // was in 1,209 full-size renders (the 651 of the sample faces, and 558 of this test's three
    // photos with other seeds: decision 0061), but the seeds here are random: ≤ 0.25 % a render
    // at 95 % confidence would still fail one run in 100 if all four were demanded.
    expect(ready.images.length).toBeGreaterThanOrEqual(3);
    const succeeded = (await previewRows(childId)).filter((row) => row.status === "succeeded");
    expect(ready.images.map((image) => image.id).sort()).toEqual(succeeded.map((row) => row.id).sort());
    for (const image of ready.images) {
      expect(image).toMatchObject({
        kind: "preview",
        status: "succeeded",
        watermarked: true,
        likeness: "passed",
      });
      expect(image.url).toBeTruthy();
    }
    const rows = await previewRows(childId);
    expect(
      rows.every((row) => row.creditCost === 0 && row.prompt.includes("the child in the reference photos")),
    ).toBe(true);

    // Free: the balance and the ledger are untouched.
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(credits);
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(like(creditLedger.reference, "preview:%"));
    expect(ledger).toEqual([]);

    // The gallery lists them like any generated image, marked as previews.
    const gallery = await call(parent, "/api/children/generated-images", { childId });
    expect(gallery.json().images.map((image: GeneratedImage) => image.kind)).toEqual(
      Array(ready.images.length).fill("preview"),
    );
    // Training has not even started.
    const training = await call(parent, "/api/generation/training/status", { childId });
    expect(training.json().status).toBeNull();
  });

  it("makes one set per child, a second only after the photos changed substantially, none after training", async () => {
    const { parent, childId } = await childWithPhotos("Bo");
    await workQueued(t, [makePreviewsJob.name]);
    expect(await previewRows(childId)).toHaveLength(4);

    // Starting training asks again: the set is already there.
    await keepAdultLookingPhotos(t.app, parent, childId);
    const started = await call(parent, "/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    await workQueued(t, [makePreviewsJob.name]);
    expect(await previewRows(childId)).toHaveLength(4);

    // A substantially new photo set (two of three replaced) earns one more set, and only one.
    const { childId: otherChild, parent: other } = await childWithPhotos("Cy");
    await workQueued(t, [makePreviewsJob.name]);
    const listed = await call(other, "/api/image/getUploadedImages", { childId: otherChild });
    const photoIds = listed.json().photos.map((photo: { id: string }) => photo.id) as string[];
    const removed = await call(other, "/api/image/deleteUploadedImages", {
      childId: otherChild,
      photoIds: photoIds.slice(0, 2),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const replaced = await upload(
      t.app,
      "/api/image/upload",
      other,
      other.familyId,
      uploadForm(
        otherChild,
        photos.slice(3, 5).map((bytes, index) => ({ name: `new-${index}.jpg`, bytes })),
      ),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    await workQueued(t, [makePreviewsJob.name]);
    expect(await previewRows(otherChild)).toHaveLength(8);
    expect(await makePreviews(t.studio, { childId: otherChild, userId: other.userId })).toBe(0);
    expect(await previewRows(otherChild)).toHaveLength(8);

    // Once the model is trained, no more previews.
    await workQueued(t, [trainChildJob.name]);
    expect((await call(parent, "/api/generation/training/status", { childId })).json().status).toBe(
      "completed",
    );
    await t.database.db.delete(previewSet).where(eq(previewSet.childId, childId));
    expect(await makePreviews(t.studio, { childId, userId: parent.userId })).toBe(0);
  });

  it("counts sets per family per month, even across deleted children", async () => {
    const limited = { ...t.studio, env: { ...t.studio.env, PREVIEW_SETS_PER_FAMILY_MONTH: 1 } };
    const { parent, childId } = await childWithPhotos("Di");
    expect(await makePreviews(limited, { childId, userId: parent.userId })).toBe(4);
    const deleted = await call(parent, "/api/children/delete", { childId, confirmName: "Luna" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The family's set is still counted after its child is gone.
    const [kept] = await t.database.db
      .select()
      .from(previewSet)
      .where(eq(previewSet.organizationId, parent.familyId));
    expect(kept?.childId).toBeNull();
    const again = await call(parent, "/api/children/add", { firstName: "Luna", age: 6, gender: "girl" });
    expect(again.statusCode, again.body).toBe(200);
    const newChild = again.json().id as number;
    const uploaded = await upload(
      t.app,
      "/api/image/upload",
      parent,
      parent.familyId,
      uploadForm(
        newChild,
        photos.slice(0, 3).map((bytes, index) => ({ name: `p-${index}.jpg`, bytes })),
      ),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await makePreviews(limited, { childId: newChild, userId: parent.userId })).toBe(0);
    expect(await makePreviews(t.studio, { childId: newChild, userId: parent.userId })).toBe(4);
  });

  it("fails silently and for free when the preview model fails, and never blocks training", async () => {
    const { parent, childId } = await childWithPhotos("Eli");
    await workQueued(t, [makePreviewsJob.name]);
    const broken = {
      ...t.studio,
      imageModel: { ...t.studio.imageModel, startPreview: () => Promise.reject(new Error("provider down")) },
    };
    for (const row of await previewRows(childId)) await runRender(broken, row.id);
    // Settled once: a job retried or a second call changes nothing.
    for (const row of await previewRows(childId)) await runRender(t.studio, row.id);

    const previews = await previewsOf(parent, childId);
    expect(previews).toMatchObject({ status: "unavailable", images: [] });
    const gallery = await call(parent, "/api/children/generated-images", { childId });
    expect(gallery.json().images).toEqual([]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email));
    expect(mails.filter((mail) => mail.kind === "portrait-failed")).toEqual([]);
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, parent.userId));
    expect(ledger.filter((entry) => entry.kind === "refund")).toEqual([]);
    await workQueued(t, [renderPortraitJob.name]);

    await keepAdultLookingPhotos(t.app, parent, childId);
    const started = await call(parent, "/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    await workQueued(t, [trainChildJob.name]);
    expect((await call(parent, "/api/generation/training/status", { childId })).json().status).toBe(
      "completed",
    );
  });

  it("makes a preview again with the child's model for one credit, once trained, and mails previews if asked", async () => {
    const { parent, childId } = await childWithPhotos("Fay");
    await workQueued(t, [makePreviewsJob.name, renderPortraitJob.name]);
    const [preview] = (await previewsOf(parent, childId)).images;
    if (!preview) throw new Error("no preview");

    const early = await call(parent, "/api/generation/regenerate", { imageId: preview.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("TRAINING_NOT_COMPLETED");

    const asked = await call(parent, "/api/children/previews/email", { childId, byEmail: true });
    expect(asked.json()).toEqual({ byEmail: true });
    expect((await previewsOf(parent, childId)).byEmail).toBe(true);
    await keepAdultLookingPhotos(t.app, parent, childId);
    const started = await call(parent, "/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    await workQueued(t, [trainChildJob.name]);

    const [ready] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), eq(mailOutbox.kind, "studio-ready")));
    // Every finished preview (a rare one is dropped as showing no face: see the first test).
    const finished = (await previewRows(childId)).filter((row) => row.status === "succeeded");
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(ready?.attachments).toHaveLength(finished.length);
    for (const attachment of ready?.attachments ?? []) {
      expect(attachment.contentType).toBe("image/jpeg");
      expect(attachment.bytes).toBeGreaterThan(10_000);
      expect(ready?.html).toContain(`cid:${attachment.cid}`);
    }

    const before = await readCredits(t.database.db, { userId: parent.userId });
    const made = await call(parent, "/api/generation/regenerate", { imageId: preview.id });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().balance).toBe(before - 1);
    expect(made.json().image).toMatchObject({
      kind: "portrait",
      styleId: preview.styleId,
      regeneratedFromId: preview.id,
    });
    await workQueued(t, [renderPortraitJob.name]);
    const gallery = await call(parent, "/api/children/generated-images", { childId });
    const portrait = gallery.json().images.find((image: GeneratedImage) => image.id === made.json().image.id);
    expect(portrait).toMatchObject({ kind: "portrait", status: "succeeded" });
  });

  it("holds the studio-ready mail until the last preview has settled when previews come by e-mail, and sends it once", async () => {
    const { parent, childId } = await childWithPhotos("Hal");
    await call(parent, "/api/children/previews/email", { childId, byEmail: true });
    await workQueued(t, [makePreviewsJob.name]);
    await keepAdultLookingPhotos(t.app, parent, childId);
    expect((await call(parent, "/api/children/training/start", { childId })).statusCode).toBe(200);
    const studioReadyMails = () =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, parent.email), eq(mailOutbox.kind, "studio-ready")));

    // The model is trained before any preview is rendered: the studio is open, the mail waits.
    await workQueued(t, [trainChildJob.name]);
    expect((await call(parent, "/api/generation/training/status", { childId })).json().status).toBe(
      "completed",
    );
    expect((await previewRows(childId)).every((row) => row.status === "pending")).toBe(true);
    expect(await studioReadyMails()).toEqual([]);

    // Three previews settle (one of them dropped as failed): still one to come, still no mail.
    const [first, second, third, last] = await previewRows(childId);
    if (!first || !second || !third || !last) throw new Error("expected four previews");
    await runRender(t.studio, first.id);
    await runRender(t.studio, second.id);
    await failPortrait(t.studio, third.id, "The image model gave no picture.");
    expect(await studioReadyMails()).toEqual([]);

    // The last one settles: one mail, carrying every finished preview.
    await runRender(t.studio, last.id);
    const mails = await studioReadyMails();
    expect(mails).toHaveLength(1);
    const finished = (await previewRows(childId)).filter((row) => row.status === "succeeded");
    expect(finished.length).toBeGreaterThanOrEqual(2);
    expect(mails[0]?.attachments).toHaveLength(finished.length);

    // Whoever settles again — the job, a webhook, the page's poll, the reconciler — sends nothing more.
    await workQueued(t, [renderPortraitJob.name, trainChildJob.name]);
    await settleTraining(t.studio, childId);
    await runRender(t.studio, last.id);
    expect(await studioReadyMails()).toHaveLength(1);
  });

  it("sends no previews with the studio-ready mail unless asked", async () => {
    const { parent, childId } = await childWithPhotos("Gus");
    await workQueued(t, [makePreviewsJob.name, renderPortraitJob.name]);
    await keepAdultLookingPhotos(t.app, parent, childId);
    const started = await call(parent, "/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    await workQueued(t, [trainChildJob.name]);
    const [ready] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), eq(mailOutbox.kind, "studio-ready")));
    expect(ready?.attachments).toEqual([]);
    expect(ready?.html).not.toContain("cid:");
  });

  it("swaps a preview for another style, free, within the set's allowance and only while training", async () => {
    const limited = { ...t.studio, env: { ...t.studio.env, PREVIEW_PORTRAITS: 2 } };
    // Swapping is what is checked here, not likeness: a preview dropped as unlike would leave the
    // set one short by chance (the local renders vary by seed), so these render without the check
    // (their queued jobs, run later, find them settled).
    const renderWithoutLikeness = async (id: number) => {
      for (const row of await previewRows(id)) await runRender({ ...t.studio, faceDetector: null }, row.id);
    };
    const { parent, childId } = await childWithPhotos("Ivo");
    expect(await makePreviews(limited, { childId, userId: parent.userId })).toBe(2);
    const [making] = (await previewsOf(parent, childId)).images;
    if (!making) throw new Error("no preview");
    const early = await call(parent, "/api/children/previews/swap", { imageId: making.id, styleId: "fairy" });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("PREVIEW_STILL_MAKING");
    await renderWithoutLikeness(childId);

    const before = await previewsOf(parent, childId);
    expect(before.swapsLeft).toBe(4);
    const [first, second] = before.images as [GeneratedImage, GeneratedImage];
    const taken = await call(parent, "/api/children/previews/swap", {
      imageId: first.id,
      styleId: second.styleId,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("PREVIEW_STYLE_TAKEN");
    const unknown = await call(parent, "/api/children/previews/swap", { imageId: first.id, styleId: "nope" });
    expect(unknown.json().code).toBe("STYLE_NOT_FOUND");

    const firstRow = await rowsById(first.id);
    const swapped = await call(parent, "/api/children/previews/swap", {
      imageId: first.id,
      styleId: "fairy",
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const after = swapped.json() as Previews;
    expect(after.status).toBe("making");
    expect(after.images.map((image) => image.id)).not.toContain(first.id);
    expect(after.images.find((image) => image.styleId === "fairy")).toMatchObject({
      kind: "preview",
      status: "pending",
    });
    // The old preview's files went with it; the new one renders like the others, free.
    expect(firstRow?.storageKey).toBeTruthy();
    expect(await t.storage.get(firstRow?.storageKey ?? "")).toBeNull();
    expect(await rowsById(first.id)).toBeUndefined();
    await renderWithoutLikeness(childId);
    const ready = await previewsOf(parent, childId);
    expect(ready.images.find((image) => image.styleId === "fairy")?.status).toBe("succeeded");
    expect(ready.swapsLeft).toBe(3);
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(like(creditLedger.reference, "preview:%"));
    expect(ledger).toEqual([]);

    // The allowance: as many swaps as the set has previews (here the env said 4 at request time).
    const used = { ...t.studio, env: { ...t.studio.env, PREVIEW_PORTRAITS: 1 } };
    const { swapPreviewStyle } = await import("../../src/modules/studio/previews");
    await expect(
      swapPreviewStyle(used, {
        familyId: parent.familyId,
        userId: parent.userId,
        imageId: ready.images[0]?.id ?? "",
        styleId: "astronaut",
      }),
    ).rejects.toMatchObject({ code: "PREVIEW_SWAPS_USED" });

    // After training: made with the child's model instead.
    await keepAdultLookingPhotos(t.app, parent, childId);
    const started = await call(parent, "/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    await workQueued(t, [trainChildJob.name]);
    const late = await call(parent, "/api/children/previews/swap", {
      imageId: ready.images[0]?.id,
      styleId: "astronaut",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("PREVIEW_AFTER_TRAINING");
    expect((await previewsOf(parent, childId)).swapsLeft).toBe(0);
    const notPreview = await call(parent, "/api/children/previews/swap", {
      imageId: "nope",
      styleId: "astronaut",
    });
    expect(notPreview.statusCode).toBe(404);
  });

  it("deletes the previews, rows and files, with the child", async () => {
    const { parent, childId } = await childWithPhotos("Hal");
    await workQueued(t, [makePreviewsJob.name, renderPortraitJob.name]);
    const rows = (await previewRows(childId)).filter((row) => row.storageKey);
    expect(rows.length).toBeGreaterThan(0);
    const deleted = await call(parent, "/api/children/delete", { childId, confirmName: "Luna" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await previewRows(childId)).toEqual([]);
    expect(await t.storage.list(childStoragePrefix(parent.familyId, childId))).toEqual([]);
    for (const row of rows) {
      expect(await t.storage.get(row.storageKey ?? "")).toBeNull();
    }
  });
});
