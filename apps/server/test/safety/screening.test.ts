import type { GeneratedImage } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  child,
  childPhoto,
  creditLedger,
  familyPicture,
  generatedImage,
  mailOutbox,
  safetyAudit,
  safetyHold,
} from "../../src/db/schema";
import { readCredits } from "../../src/modules/credits/change-credits";
import { buildDataExportJob } from "../../src/modules/privacy/privacy-job-specs";
import { confirmSafetyHold, releaseSafetyHold } from "../../src/modules/safety/review-holds";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import {
  type FakeReplicate,
  injectWebhooksInto,
  replicateEnvFor,
  SAFETY_CHECKER_ERROR,
  startFakeReplicate,
} from "../support/fake-replicate";
import { postAs, type TestParent } from "../support/families";
import { post } from "../support/identity";
import { testPhoto, upload, uploadForm } from "../support/photos";
import type { SafetyDouble } from "../support/safety";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * The child-safety screen's refusal and withhold paths (decision 0038), through the port with the
 * deterministic classifier double (the real network's verdicts on benign pictures are in
 * benign-sets.test.ts). Portraits come from the Replicate fake, so a test decides what each render
 * shows and can send its webhooks as often as Replicate might.
 */
let t: TestApp;
let fake: FakeReplicate;
let safety: SafetyDouble;

beforeAll(async () => {
  fake = await startFakeReplicate();
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off", ...replicateEnvFor(fake) });
  fake.setWebhookTransport(injectWebhooksInto(t.app));
  safety = t.safetyDouble as SafetyDouble;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => safety.reset());

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

async function portraitRow(imageId: string) {
  const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
  if (!row) throw new Error("no portrait");
  return row;
}

const holdsOf = (familyId: string) =>
  t.database.db.select().from(safetyHold).where(eq(safetyHold.organizationId, familyId));

async function trainedChild(firstName: string) {
  const fixture = await parentWithChild(t, { firstName, planId: 3, photos: 3 });
  expect(
    (await call(fixture.parent, "/api/children/training/start", { childId: fixture.childId })).statusCode,
  ).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  await fake.completeTraining([...fake.trainings.keys()].at(-1) ?? "");
  return fixture;
}

async function askForPortrait(parent: TestParent, childId: number) {
  const response = await call(parent, "/api/generation/generate", {
    childId,
    styleId: "astronaut",
    count: 1,
  });
  expect(response.statusCode, response.body).toBe(200);
  const imageId = (response.json().images as GeneratedImage[])[0]?.id ?? "";
  await workQueued(t, [renderPortraitJob.name]);
  return imageId;
}

const statusOf = async (as: TestParent, imageId: string) =>
  (
    (await call(as, "/api/generation/prediction/status", { imageIds: [imageId] })).json()
      .images as GeneratedImage[]
  )[0];

/** Every route that could hand a portrait's picture out answers that there is none. */
async function expectNothingServed(parent: TestParent, imageId: string) {
  const status = await statusOf(parent, imageId);
  expect(status).toMatchObject({ url: null });
  const gallery = await call(parent, "/api/children/generated-images", {
    childId: (await portraitRow(imageId)).childId,
  });
  expect(JSON.stringify(gallery.json())).not.toMatch(new RegExp(`portraits/${imageId}`));
  for (const path of ["/api/generation/share-link", "/api/generation/print", "/api/generation/video"]) {
    const response = await call(parent, path, { imageId });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(409);
    expect(["IMAGE_NOT_READY", "PORTRAIT_NOT_SHAREABLE"]).toContain(response.json().code);
  }
  expect(await t.storage.list(`families/${parent.familyId}/`)).not.toContainEqual(
    expect.stringContaining(`portraits/${imageId}`),
  );
}

describe("photos in", () => {
  it("refuses an unsuitable photo kindly and stores nothing of it: no file, no row, only the hold's hash and scores", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Mia", planId: 3, photos: 0 });
    const photo = await testPhoto({ seed: 41 });
    safety.flagNext(1);
    const refused = await upload(
      t.app,
      "/api/image/upload",
      parent,
      parent.familyId,
      uploadForm(childId, [{ name: "beach.jpg", bytes: photo }]),
    );
    // One file of the batch refused, with its code and a kind message (the batch answers per file).
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().results).toEqual([
      {
        fileName: "beach.jpg",
        status: "rejected",
        code: "PHOTO_NOT_SUITABLE",
        message: expect.stringMatching(
          /^Please choose photos where \w+ is fully dressed, like everyday clothes\./,
        ),
      },
    ]);
    expect(await t.storage.list(`families/${parent.familyId}/`)).toEqual([]);
    expect(await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId))).toEqual([]);
    const [hold, ...others] = await holdsOf(parent.familyId);
    expect(others).toEqual([]);
    expect(hold).toMatchObject({
      subject: "photo",
      outcome: "refused",
      reason: "classifier",
      childId,
      userId: parent.userId,
      quarantineKey: null,
      status: "held",
    });
    expect(hold?.imageSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(hold?.scores?.porn).toBeGreaterThan(0.9);

    // The same photo, judged suitable, is taken: the refusal was the screen's and nothing else's.
    const accepted = await upload(
      t.app,
      "/api/image/upload",
      parent,
      parent.familyId,
      uploadForm(childId, [{ name: "beach.jpg", bytes: photo }]),
    );
    expect(accepted.json().results[0], accepted.body).toMatchObject({ status: "accepted" });
  });

  it("refuses an unsuitable family picture and keeps the old one", async () => {
    const { parent } = await parentWithChild(t, { firstName: "Ben", planId: 3, photos: 0 });
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c96" } })
      .jpeg()
      .toBuffer();
    safety.flagNext(1);
    const refused = await call(parent, "/api/organization/update", {
      picture: `data:image/jpeg;base64,${picture.toString("base64")}`,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "PHOTO_NOT_SUITABLE",
      message: "Please choose a picture where everyone is fully dressed, like everyday clothes.",
    });
    expect(
      await t.database.db
        .select()
        .from(familyPicture)
        .where(eq(familyPicture.organizationId, parent.familyId)),
    ).toEqual([]);
    expect((await holdsOf(parent.familyId))[0]).toMatchObject({ subject: "family_picture", childId: null });
  });
});

describe("portraits out", () => {
  it("withholds an unsafe portrait, makes it again once free, then refunds it exactly once — under duplicate webhooks — and never serves it", async () => {
    const { parent, childId } = await trainedChild("Luna");
    const before = await readCredits(t.database.db, { userId: parent.userId });
    const imageId = await askForPortrait(parent, childId);
    const afterSpending = await readCredits(t.database.db, { userId: parent.userId });
    const first = (await portraitRow(imageId)).providerPredictionId ?? "";

    safety.flagWhen(() => true);
    await fake.completePrediction(first);
    await fake.resendWebhook(first);
    await fake.resendWebhook(first);
    const retried = await portraitRow(imageId);
    expect(retried).toMatchObject({
      status: "pending",
      likenessRetried: true,
      safety: "withheld",
      storageKey: null,
    });
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(afterSpending);
    await expectNothingServed(parent, imageId);

    await workQueued(t, [renderPortraitJob.name]);
    const second = (await portraitRow(imageId)).providerPredictionId ?? "";
    expect(second).not.toBe(first);
    await fake.completePrediction(second);
    await fake.resendWebhook(second);
    await fake.resendWebhook(first);
    const settled = await statusOf(parent, imageId);
    expect(settled).toMatchObject({ status: "failed", url: null });
    expect(settled?.error).toBe(
      "This portrait didn't pass our automatic safety check, so we don't show it. Your credit was given back.",
    );
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(before);
    expect(
      await t.database.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.reference, `refund:${imageId}`)),
    ).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), eq(mailOutbox.kind, "portrait-failed")));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("our automatic safety check");
    expect(mails[0]?.html ?? "").not.toMatch(/portraits\//);
    await expectNothingServed(parent, imageId);
    // Nor is it in the parent's data export: a record of the failed portrait, no picture.
    const requested = await post(t.app, "/api/user/export", {}, parent.token);
    expect(requested.statusCode, requested.body).toBe(200);
    await workQueued(t, [buildDataExportJob.name]);
    const zipped = await t.storage.get(`exports/${parent.userId}/${requested.json().id}.zip`);
    const files = Object.keys(unzipSync(new Uint8Array(zipped as Buffer)));
    expect(files).toContain("export.json");
    expect(files.filter((name) => name.includes(imageId))).toEqual([]);
    // One hold per render, however often each was settled.
    const holds = await holdsOf(parent.familyId);
    expect(holds.map((hold) => hold.providerRunId).sort()).toEqual([first, second].sort());
    expect(holds.every((hold) => hold.subject === "portrait" && hold.outcome === "withheld")).toBe(true);
  });

  it("counts the image provider's own safety flag as a failed check", async () => {
    const { parent, childId } = await trainedChild("Ivo");
    const before = await readCredits(t.database.db, { userId: parent.userId });
    const imageId = await askForPortrait(parent, childId);
    safety.reset();
    const first = (await portraitRow(imageId)).providerPredictionId ?? "";
    await fake.completePrediction(first, {
      succeed: false,
      error: "NSFW content detected. Try running it again, or try a different prompt.",
    });
    expect(await portraitRow(imageId)).toMatchObject({
      status: "pending",
      likenessRetried: true,
      safety: "withheld",
    });
    await workQueued(t, [renderPortraitJob.name]);
    const second = (await portraitRow(imageId)).providerPredictionId ?? "";
    await fake.completePrediction(second, { succeed: false, error: SAFETY_CHECKER_ERROR });
    await fake.resendWebhook(second);
    expect(await portraitRow(imageId)).toMatchObject({
      status: "failed",
      safety: "withheld",
      storageKey: null,
    });
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(before);
    const holds = await holdsOf(parent.familyId);
    expect(holds).toHaveLength(2);
    expect(holds.every((hold) => hold.reason === "provider" && hold.scores === null)).toBe(true);
    // The provider's flag is not our classifier's business: it never saw a picture.
    expect(safety.seen).toEqual([]);
  });

  it("delivers a portrait whose second render passes, and screens it before storing it", async () => {
    const { parent, childId } = await trainedChild("Noa");
    const imageId = await askForPortrait(parent, childId);
    safety.reset();
    safety.flagNext(1);
    await fake.completePrediction((await portraitRow(imageId)).providerPredictionId ?? "");
    await workQueued(t, [renderPortraitJob.name]);
    await fake.completePrediction((await portraitRow(imageId)).providerPredictionId ?? "");
    expect(await statusOf(parent, imageId)).toMatchObject({ status: "succeeded" });
    expect(await portraitRow(imageId)).toMatchObject({ safety: "passed" });
    expect(safety.seen.map((seen) => seen.verdict)).toEqual(["unsafe", "neutral"]);
  });
});

describe("operators", () => {
  it("keeps nothing by default, so a release says there is nothing to deliver; confirming is audited and can suspend the family", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Oli", planId: 3, photos: 0 });
    safety.flagNext(1);
    await upload(
      t.app,
      "/api/image/upload",
      parent,
      parent.familyId,
      uploadForm(childId, [{ name: "a.jpg", bytes: await testPhoto({ seed: 77 }) }]),
    );
    const [hold] = await holdsOf(parent.familyId);
    await expect(
      releaseSafetyHold(t.database.db, { holdId: hold?.id ?? "", operator: "ana", reason: "looks fine" }),
    ).rejects.toMatchObject({
      code: "HOLD_HAS_NO_IMAGE",
    });
    const confirmed = await confirmSafetyHold(
      { db: t.database.db, storage: t.storage },
      { holdId: hold?.id ?? "", operator: "ana", reason: "nudity", suspendFamily: true },
    );
    expect(confirmed).toMatchObject({ familySuspended: true, hold: { status: "confirmed" } });
    const audit = await t.database.db
      .select()
      .from(safetyAudit)
      .where(eq(safetyAudit.organizationId, parent.familyId));
    expect(audit.map((entry) => [entry.actor, entry.action, entry.reason])).toEqual([
      ["ana", "confirm", "nudity"],
      ["ana", "suspend-family", "nudity"],
    ]);
    const refused = await call(parent, "/api/generation/generate", {
      childId,
      styleId: "astronaut",
      count: 1,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "FAMILY_SUSPENDED" });
    // The family's child still exists: suspension stops generating, nothing else.
    expect(await t.database.db.select().from(child).where(eq(child.id, childId))).toHaveLength(1);
  });
});
