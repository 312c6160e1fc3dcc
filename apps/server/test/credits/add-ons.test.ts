import {
  addOnErrorCodes,
  billingErrorCodes,
  commonErrorCodes,
  type GeneratedImage,
  type PortraitVideo,
  studioErrorCodes,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOnLedger, generatedImage, portraitVideo } from "../../src/db/schema";
import { renderPortraitJob, renderVideoJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { post } from "../support/identity";
import { describeMp4 } from "../support/mp4-boxes";
import { buyPlan, parentWithChild, workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

/** Buys an add-on through the local checkout, as the web app does; answers the completion. */
async function buyAddOn(as: TestParent, addOnId: string) {
  const started = await post(t.app, "/api/subscription/create-checkout-session", { addOnId }, as.token);
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId, url } = started.json();
  expect(url).toBe(`/checkout/${sessionId}`);
  const order = await post(t.app, "/api/subscription/checkout", { sessionId }, as.token);
  expect(order.json()).toMatchObject({ kind: "add-on", amount: 2, credits: 0 });
  const completed = await post(t.app, "/api/subscription/create", { sessionId }, as.token);
  expect(completed.statusCode, completed.body).toBe(200);
  return { sessionId, completed: completed.json() as { redirectTo: string; totalCredits: number } };
}

const addOnsOf = async (as: TestParent) =>
  (await post(t.app, "/api/subscription/add-ons", {}, as.token)).json();

/** A Magician parent (planId 1) with a trained child and one finished portrait. */
async function magicianWithPortrait(firstName: string) {
  const fixture = await parentWithChild(t, { firstName, planId: 1, photos: 3 });
  await call(fixture.parent, "/api/children/training/start", { childId: fixture.childId });
  await workQueued(t, [trainChildJob.name]);
  const generated = await call(fixture.parent, "/api/generation/generate", {
    childId: fixture.childId,
    styleId: "ice-queen",
    count: 1,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  const [image] = generated.json().images as GeneratedImage[];
  await workQueued(t, [renderPortraitJob.name]);
  return { ...fixture, imageId: image?.id ?? "" };
}

// The 180 s ceilings below are hang detectors, not speed limits: each test trains a child and renders
// portraits (and videos) in real image threads, slow beside other work on two cores.
describe("buying the Magician add-ons through the local checkout", () => {
  it("adds 5 clips and 10 print files to the add-on ledger, once, and lists the payments", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    await buyPlan(t, ada, 1);
    const before = await addOnsOf(ada);
    expect(before).toMatchObject({
      canBuy: true,
      reason: null,
      balances: { video: 0, print: 0, child: 0, book: 0 },
    });
    expect(before.addOns.map((addOn: { id: string; price: number }) => [addOn.id, addOn.price])).toEqual([
      ["create-video", 2],
      ["ready-to-print", 2],
      ["storybook", 9.99],
    ]);

    const video = await buyAddOn(ada, "create-video");
    expect(video.completed).toEqual({
      redirectTo: "/account/subscription/manage?addOn=success",
      totalCredits: 100,
    });
    await buyAddOn(ada, "ready-to-print");
    // The Pay button pressed again (a double click, another tab): nothing more is added.
    const again = await post(t.app, "/api/subscription/create", { sessionId: video.sessionId }, ada.token);
    expect(again.statusCode).toBe(200);
    expect((await addOnsOf(ada)).balances).toEqual({ video: 5, print: 10, child: 0, book: 0 });

    const ledger = await t.database.db.select().from(addOnLedger).where(eq(addOnLedger.userId, ada.userId));
    expect(ledger.map((row) => [row.unit, row.kind, row.delta, row.balanceAfter])).toEqual([
      ["video", "purchase", 5, 5],
      ["print", "purchase", 10, 10],
    ]);
    const history = (await post(t.app, "/api/subscription/history", {}, ada.token)).json().entries as {
      kind: string;
      description: string;
      amount: number | null;
    }[];
    const payments = history.filter((entry) => entry.kind === "payment").map((entry) => entry.description);
    expect(payments).toContain("Create video add-on: 5 animated clips of your portraits");
    expect(payments).toContain("Ready to print add-on: 10 ready-to-print A4 files");
  });

  it("sells add-ons only to Magician subscribers, with a stable code", async () => {
    const none = await verifiedParent(t.app, t.database.db, { firstName: "Nia" });
    const refusedWithoutPlan = await post(
      t.app,
      "/api/subscription/create-checkout-session",
      { addOnId: "create-video" },
      none.token,
    );
    expect(refusedWithoutPlan.statusCode).toBe(403);
    expect(refusedWithoutPlan.json().code).toBe(billingErrorCodes.addOnNeedsMagician);
    expect(await addOnsOf(none)).toMatchObject({
      canBuy: false,
      balances: { video: 0, print: 0, child: 0, book: 0 },
    });

    for (const planId of [3, 5]) {
      const other = await verifiedParent(t.app, t.database.db, { firstName: `Ola${planId}` });
      await buyPlan(t, other, planId);
      const refused = await post(
        t.app,
        "/api/subscription/create-checkout-session",
        { addOnId: "ready-to-print" },
        other.token,
      );
      expect(refused.statusCode, `plan ${planId}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: billingErrorCodes.addOnNeedsMagician });
      expect(refused.json().message).toMatch(/Magician/);
    }
    const unknown = await post(
      t.app,
      "/api/subscription/create-checkout-session",
      { addOnId: "teleport" },
      none.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("VALIDATION_FAILED");
  });
});

describe("ready-to-print files from the add-on", () => {
  it("prints on Magician only with bought files, one per portrait, and says what is left", async () => {
    const { parent, imageId } = await magicianWithPortrait("Pia");
    const refused = await call(parent, "/api/generation/print", { imageId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(studioErrorCodes.printNotIncluded);

    await buyAddOn(parent, "ready-to-print");
    const printed = await call(parent, "/api/generation/print", { imageId });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json()).toMatchObject({ remainingThisMonth: 0, purchasedLeft: 9 });
    // The same portrait again: its file is fetched again, nothing more is used.
    const again = await call(parent, "/api/generation/print", { imageId });
    expect(again.json()).toMatchObject({ purchasedLeft: 9 });
    const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
    expect(row).toMatchObject({ printSource: "add-on", printedByUserId: parent.userId });
    const uses = await t.database.db
      .select()
      .from(addOnLedger)
      .where(eq(addOnLedger.reference, `print:${imageId}`));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ unit: "print", kind: "use", delta: -1, balanceAfter: 9 });
  }, 180_000);

  it("refuses once the bought files are used up", async () => {
    const { parent, imageId } = await magicianWithPortrait("Rae");
    await buyAddOn(parent, "ready-to-print");
    // Nine of the ten used elsewhere (another portrait each): one left, used by this print.
    await t.database.db.insert(addOnLedger).values({
      userId: parent.userId,
      unit: "print",
      delta: -9,
      kind: "use",
      reference: `print:elsewhere-${parent.userId}`,
      balanceAfter: 1,
    });
    expect((await call(parent, "/api/generation/print", { imageId })).json().purchasedLeft).toBe(0);
    const generated = await call(parent, "/api/generation/generate", {
      childId: (await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId)))[0]
        ?.childId,
      styleId: "astronaut",
      count: 1,
    });
    const [second] = generated.json().images as GeneratedImage[];
    await workQueued(t, [renderPortraitJob.name]);
    // Magician has no prints of its own: with the bought ones used, the answer offers the add-on again.
    const used = await call(parent, "/api/generation/print", { imageId: second?.id });
    expect(used.statusCode).toBe(403);
    expect(used.json().code).toBe(studioErrorCodes.printNotIncluded);
    expect(used.json().message).toContain("Ready to print add-on");
    expect((await addOnsOf(parent)).balances.print).toBe(0);
  }, 180_000);
});

describe("Create video", () => {
  it("needs a clip, makes an MP4 by job with progress, serves it in ranges, and deletes it with the portrait", async () => {
    const { parent, imageId } = await magicianWithPortrait("Vic");
    const refused = await call(parent, "/api/generation/video", { imageId });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe(addOnErrorCodes.videoCreditsNeeded);

    await buyAddOn(parent, "create-video");
    const started = await call(parent, "/api/generation/video", { imageId });
    expect(started.statusCode, started.body).toBe(200);
    const { video, videosLeft } = started.json() as { video: PortraitVideo; videosLeft: number };
    expect(video).toMatchObject({ imageId, status: "pending", progress: 0, url: null });
    expect(videosLeft).toBe(4);
    // Asked again while it is being made: the same clip, nothing more spent.
    const twice = await call(parent, "/api/generation/video", { imageId });
    expect(twice.json()).toMatchObject({ video: { id: video.id }, videosLeft: 4 });

    expect(await workQueued(t, [renderVideoJob.name])).toBe(1);
    const polled = await call(parent, "/api/generation/video/status", { imageIds: [imageId] });
    const [made] = polled.json().videos as PortraitVideo[];
    expect(made).toMatchObject({
      id: video.id,
      status: "succeeded",
      progress: 100,
      contentType: "video/mp4",
      durationMs: 3000,
    });
    expect(made?.frames).toBe(36);
    expect(Math.max(made?.width ?? 0, made?.height ?? 0)).toBe(720);
    const file = await t.app.inject({ method: "GET", url: made?.url ?? "" });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("video/mp4");
    expect(file.headers["accept-ranges"]).toBe("bytes");
    const mp4 = describeMp4(file.rawPayload);
    expect(mp4).toMatchObject({ codec: "avc1", moovBeforeMdat: true, frames: 36, durationMs: 3000 });
    expect(mp4.sampleEntrySize).toEqual({ width: made?.width, height: made?.height });
    // Safari on iOS asks for the first two bytes before it plays anything.
    const probe = await t.app.inject({
      method: "GET",
      url: made?.url ?? "",
      headers: { range: "bytes=0-1" },
    });
    expect(probe.statusCode).toBe(206);
    expect(probe.headers["content-range"]).toBe(`bytes 0-1/${file.rawPayload.length}`);
    expect(probe.rawPayload).toEqual(file.rawPayload.subarray(0, 2));
    const past = await t.app.inject({
      method: "GET",
      url: made?.url ?? "",
      headers: { range: `bytes=${file.rawPayload.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${file.rawPayload.length}`);
    expect(past.json().code).toBe(commonErrorCodes.rangeNotSatisfiable);
    const download = await t.app.inject({ method: "GET", url: made?.downloadUrl ?? "" });
    expect(download.headers["content-disposition"]).toMatch(/attachment; filename=".+-video\.mp4"/);

    const [row] = await t.database.db.select().from(portraitVideo).where(eq(portraitVideo.id, video.id));
    expect(row?.storageKey && (await t.storage.get(row.storageKey))).toBeTruthy();
    const deleted = await call(parent, "/api/children/delete-generated-image", { imageId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(portraitVideo).where(eq(portraitVideo.id, video.id))).toEqual(
      [],
    );
    expect(await t.storage.get(row?.storageKey ?? "")).toBeNull();
  }, 180_000);

  it("refunds a clip whose portrait is gone, and refuses unfinished or unknown portraits", async () => {
    const { parent, imageId, childId } = await magicianWithPortrait("Wes");
    await buyAddOn(parent, "create-video");
    const started = await call(parent, "/api/generation/video", { imageId });
    const { video } = started.json() as { video: PortraitVideo };
    // The portrait's file disappears before the job runs: the clip fails and its credit returns.
    const [image] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
    await t.storage.delete([image?.storageKey ?? ""]);
    await workQueued(t, [renderVideoJob.name]);
    const [failed] = (await call(parent, "/api/generation/video/status", { imageIds: [imageId] })).json()
      .videos as PortraitVideo[];
    expect(failed).toMatchObject({ id: video.id, status: "failed" });
    expect((await addOnsOf(parent)).balances.video).toBe(5);

    const pending = await call(parent, "/api/generation/generate", {
      childId,
      styleId: "astronaut",
      count: 1,
    });
    const [next] = pending.json().images as GeneratedImage[];
    const early = await call(parent, "/api/generation/video", { imageId: next?.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(studioErrorCodes.imageNotReady);
    const unknown = await call(parent, "/api/generation/video", { imageId: "no-such-portrait" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(studioErrorCodes.imageNotFound);
  }, 180_000);
});
