import {
  type ChildGender,
  creditErrorCodes,
  familyErrorCodes,
  type GeneratedImage,
  portraitDownloadUrl,
  studioErrorCodes,
} from "@wonderkin/contract";
import { eq, sum } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, creditLedger, generatedImage } from "../../src/db/schema";
import { PRINT_HEIGHT, PRINT_WIDTH } from "../../src/image-work/portraits/portrait-files";
import { changeCredits, readCredits } from "../../src/modules/credits/change-credits";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { createFamilyFixture, postAs, type TestParent, verifiedParent } from "../support/families";
import { latestMail } from "../support/identity";
import { parentWithChild, workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

async function trainedChild(firstName: string, planId = 3, gender: ChildGender = "girl") {
  const fixture = await parentWithChild(t, { firstName, planId, photos: 3, gender });
  const started = await call(fixture.parent, "/api/children/training/start", { childId: fixture.childId });
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  return fixture;
}

async function generate(as: TestParent, childId: number, styleId: string, count: number) {
  const response = await call(as, "/api/generation/generate", { childId, styleId, count });
  return response;
}

/** Fetches a signed local-media address through the app, as the browser would. */
async function fetchMedia(url: string) {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, url).toBe(200);
  return response;
}

async function expectLedgerMatches(userId: string) {
  const [row] = await t.database.db
    .select({ total: sum(creditLedger.delta) })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  expect(Number(row?.total ?? 0)).toBe(await readCredits(t.database.db, { userId }));
}

describe("training a child's model", () => {
  it("needs enough photos, starts once, reports progress and completes with an e-mail", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Tara", planId: 1, photos: 2 });
    const tooFew = await call(parent, "/api/children/training/start", { childId });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().code).toBe(studioErrorCodes.notEnoughPhotos);
    expect(tooFew.json().message).toContain("3 photos");

    const before = await call(parent, "/api/children/training/completed", { childId });
    expect(before.json()).toEqual({ completed: false });
  });

  it("runs the training job and opens the studio", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Tom", planId: 1, photos: 3 });
    const started = await call(parent, "/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ childId, status: "started", progress: 0 });
    const twice = await call(parent, "/api/children/training/start", { childId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe(studioErrorCodes.trainingInProgress);

    expect(await workQueued(t, [trainChildJob.name])).toBe(1);
    const status = await call(parent, "/api/generation/training/status", { childId });
    expect(status.json()).toMatchObject({ status: "completed", progress: 100, failureReason: null });
    expect((await call(parent, "/api/children/training/completed", { childId })).json()).toEqual({
      completed: true,
    });
    const mail = await latestMail(t.database.db, parent.email, "studio-ready");
    expect(mail?.subject).toBe("Luna's magic studio is ready");
    expect(mail?.link).toContain(`/kids/children/${childId}/studio-intro`);
    const again = await call(parent, "/api/children/training/start", { childId });
    expect(again.json().code).toBe(studioErrorCodes.alreadyTrained);
  });

  it("keeps the prepared faces at the local model, and deleting the model removes them", async () => {
    const { childId } = await trainedChild("Fay");
    const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
    const prepared = await t.storage.list(`image-models/${row?.modelVersion}/`);
    expect(prepared).toHaveLength(4); // three faces and the manifest
    await t.studio.imageModel.deleteModel(row?.modelVersion ?? "");
    expect(await t.storage.list(`image-models/${row?.modelVersion}/`)).toEqual([]);
  });
});

describe("generating portraits", () => {
  it("spends one credit per portrait at once and renders them in our storage", async () => {
    const { parent, childId } = await trainedChild("Gil");
    const balanceBefore = await readCredits(t.database.db, { userId: parent.userId });
    const response = await generate(parent, childId, "astronaut", 4);
    expect(response.statusCode, response.body).toBe(200);
    const { images, balance } = response.json() as { images: GeneratedImage[]; balance: number };
    // Consecutive seeds: the local model turns them into four different compositions.
    const seeds = (
      await t.database.db
        .select({ seed: generatedImage.seed })
        .from(generatedImage)
        .where(eq(generatedImage.childId, childId))
    )
      .map((row) => row.seed)
      .sort((a, b) => a - b);
    expect(seeds.map((seed) => seed - (seeds[0] ?? 0))).toEqual([0, 1, 2, 3]);
    expect(balance).toBe(balanceBefore - 4);
    expect(images).toHaveLength(4);
    expect(images.every((image) => image.status === "pending" && image.url === null)).toBe(true);

    expect(await workQueued(t, [renderPortraitJob.name])).toBe(4);
    const polled = await call(parent, "/api/generation/prediction/status", {
      imageIds: images.map((image) => image.id),
    });
    const done = polled.json().images as GeneratedImage[];
    expect(done.map((image) => image.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    const [first] = done;
    const file = await fetchMedia(first?.url ?? "");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 2048, height: 2560 });
    expect(meta.exif).toBeUndefined();
    const download = await fetchMedia((first && portraitDownloadUrl(first)) ?? "");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="astronaut-/);
    // Oracle has no watermark.
    expect(first?.watermarked).toBe(false);
    await expectLedgerMatches(parent.userId);
  });

  it("renders deterministically: the same model, style and seed give the same bytes", async () => {
    const { childId } = await trainedChild("Dee");
    const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
    const model = t.studio.imageModel;
    const render = async (seed: number, gender: ChildGender = "girl") => {
      const { predictionId } = await model.startPrediction({
        modelVersion: row?.modelVersion ?? "",
        prompt: "x",
        seed,
        styleId: "viking",
        gender,
        webhookUrl: null,
      });
      return (await model.getPrediction(predictionId)).output;
    };
    const [a, b, c] = await Promise.all([render(7), render(7), render(8)]);
    expect(Buffer.compare(Buffer.from(a ?? []), Buffer.from(b ?? []))).toBe(0);
    expect(Buffer.compare(Buffer.from(a ?? []), Buffer.from(c ?? []))).not.toBe(0);
    // The same seed for a boy: the drawn hair is a boy's, so the picture is another.
    const boy = await render(7, "boy");
    expect(Buffer.compare(Buffer.from(a ?? []), Buffer.from(boy ?? []))).not.toBe(0);
  });

  it("asks the model for a portrait of the child's gender", async () => {
    const { parent, childId } = await trainedChild("Bo", 3, "boy");
    expect((await generate(parent, childId, "pirate", 1)).statusCode).toBe(200);
    await workQueued(t, [renderPortraitJob.name]);
    const [row] = await t.database.db
      .select({ predictionId: generatedImage.providerPredictionId })
      .from(generatedImage)
      .where(eq(generatedImage.childId, childId));
    // The local model carries its request in the prediction id ("local-" and base64url JSON).
    const request = JSON.parse(Buffer.from(row?.predictionId?.slice(6) ?? "", "base64url").toString());
    expect(request).toMatchObject({ st: "pirate", g: "boy" });
  });

  it("watermarks on plans without 'no watermarks' and keeps exclusive packs for Oracle", async () => {
    const { parent, childId } = await trainedChild("Al", 5);
    const locked = await generate(parent, childId, "cyberstring", 1);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe(studioErrorCodes.styleLocked);
    // candy-land is in the exclusive "cute" pack AND the core "magic" category: open to everyone.
    const shared = await generate(parent, childId, "candy-land", 1);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().images[0].watermarked).toBe(true);
    const unknown = await generate(parent, childId, "no-such-style", 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(studioErrorCodes.styleNotFound);
  });

  it("refuses an untrained child, a missing plan and a balance too small, writing nothing", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Una", planId: 1, photos: 0 });
    const untrained = await generate(parent, childId, "astronaut", 1);
    expect(untrained.statusCode).toBe(409);
    expect(untrained.json().code).toBe(studioErrorCodes.trainingNotCompleted);

    const trained = await trainedChild("Bo", 5);
    const balance = await readCredits(t.database.db, { userId: trained.parent.userId });
    await changeCredits(t.database.db, {
      userId: trained.parent.userId,
      delta: 3 - balance,
      kind: "adjustment",
      reference: `test-spend-down:${trained.parent.userId}`,
    });
    const remaining = 3;
    const imagesBefore = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.childId, trained.childId));
    const refused = await generate(trained.parent, trained.childId, "astronaut", 4);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe(creditErrorCodes.insufficientCredits);
    const imagesAfter = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.childId, trained.childId));
    expect(imagesAfter).toHaveLength(imagesBefore.length);
    expect(await readCredits(t.database.db, { userId: trained.parent.userId })).toBe(remaining);

    const noPlan = await verifiedParent(t.app, t.database.db, { firstName: "Nope" });
    const { familyId } = await createFamilyFixture(t.database.db, {
      name: "Shared",
      members: [
        { userId: trained.parent.userId, role: "owner" },
        { userId: noPlan.userId, role: "member" },
      ],
    });
    await t.database.db.update(child).set({ organizationId: familyId }).where(eq(child.id, trained.childId));
    const withoutPlan = await postAs(t.app, "/api/generation/generate", noPlan, familyId, {
      childId: trained.childId,
      styleId: "astronaut",
      count: 1,
    });
    // The family has the owner's plan, but the owner has not shared its credits (decision 0050).
    expect(withoutPlan.statusCode).toBe(403);
    expect(withoutPlan.json().code).toBe(familyErrorCodes.spendingNotShared);
  });
});

describe("the gallery", () => {
  it("pages newest first, regenerates with a new seed, prints on Oracle and deletes with the files", async () => {
    const { parent, childId } = await trainedChild("Hal");
    const first = (await generate(parent, childId, "pirate", 3)).json().images as GeneratedImage[];
    await workQueued(t, [renderPortraitJob.name]);

    const page1 = await call(parent, "/api/children/generated-images", { childId, limit: 2 });
    expect(page1.statusCode, page1.body).toBe(200);
    const page2 = await call(parent, "/api/children/generated-images", {
      childId,
      limit: 2,
      cursor: page1.json().nextCursor,
    });
    const listed = [...page1.json().images, ...page2.json().images].map((image: GeneratedImage) => image.id);
    expect(new Set(listed).size).toBe(3);
    expect(page2.json().nextCursor).toBeNull();

    const source = first[0] as GeneratedImage;
    const balance = await readCredits(t.database.db, { userId: parent.userId });
    const regenerated = await call(parent, "/api/generation/regenerate", { imageId: source.id });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(regenerated.json()).toMatchObject({
      balance: balance - 1,
      image: { styleId: "pirate", regeneratedFromId: source.id, status: "pending" },
    });
    const seeds = await t.database.db
      .select({ seed: generatedImage.seed })
      .from(generatedImage)
      .where(eq(generatedImage.childId, childId));
    expect(new Set(seeds.map((row) => row.seed)).size).toBe(4);

    const print = await call(parent, "/api/generation/print", { imageId: source.id });
    expect(print.statusCode, print.body).toBe(200);
    expect(print.json().remainingThisMonth).toBe(9);
    const printed = await fetchMedia(print.json().url);
    expect(await sharp(printed.rawPayload).metadata()).toMatchObject({
      width: PRINT_WIDTH,
      height: PRINT_HEIGHT,
      density: 300,
    });
    // Fetching the same print again does not count twice.
    expect(
      (await call(parent, "/api/generation/print", { imageId: source.id })).json().remainingThisMonth,
    ).toBe(9);

    const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, source.id));
    const deleted = await call(parent, "/api/children/delete-generated-image", { imageId: source.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const key of [row?.storageKey, row?.thumbnailKey, row?.printKey]) {
      expect(await t.storage.get(key ?? "")).toBeNull();
    }
    const gone = await call(parent, "/api/children/delete-generated-image", { imageId: source.id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(studioErrorCodes.imageNotFound);
  });

  it("does not print without a plan that includes it", async () => {
    const { parent, childId } = await trainedChild("Ivy", 1);
    const [image] = (await generate(parent, childId, "astronaut", 1)).json().images as GeneratedImage[];
    const early = await call(parent, "/api/generation/print", { imageId: image?.id });
    expect(early.json().code).toBe(studioErrorCodes.imageNotReady);
    await workQueued(t, [renderPortraitJob.name]);
    const refused = await call(parent, "/api/generation/print", { imageId: image?.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(studioErrorCodes.printNotIncluded);
  });

  it("lets a member delete only their own portraits, and hides other families' portraits", async () => {
    const { parent, childId } = await trainedChild("Jo");
    const [image] = (await generate(parent, childId, "pirate", 1)).json().images as GeneratedImage[];
    await workQueued(t, [renderPortraitJob.name]);
    const member = await verifiedParent(t.app, t.database.db, { firstName: "Max" });
    const { familyId } = await createFamilyFixture(t.database.db, {
      name: "Jo's",
      members: [
        { userId: parent.userId, role: "owner" },
        { userId: member.userId, role: "member" },
      ],
    });
    await t.database.db.update(child).set({ organizationId: familyId }).where(eq(child.id, childId));
    await t.database.db
      .update(generatedImage)
      .set({ organizationId: familyId })
      .where(eq(generatedImage.childId, childId));
    const notYours = await postAs(t.app, "/api/children/delete-generated-image", member, familyId, {
      imageId: image?.id,
    });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().code).toBe(studioErrorCodes.imageNotYours);

    const outsider = await verifiedParent(t.app, t.database.db, { firstName: "Out" });
    const elsewhere = await postAs(t.app, "/api/children/generated-images", outsider, outsider.familyId, {
      childId,
    });
    expect(elsewhere.statusCode).toBe(404);
    const intoFamily = await postAs(t.app, "/api/children/generated-images", outsider, familyId, { childId });
    expect(intoFamily.json().code).toBe(familyErrorCodes.notAFamilyMember);
  });
});

describe("when the provider fails", () => {
  it("refunds the credit, records the error and e-mails the parent, once", async () => {
    const { parent, childId } = await trainedChild("Kit");
    const balance = await readCredits(t.database.db, { userId: parent.userId });
    const [image] = (await generate(parent, childId, "knight", 1)).json().images as GeneratedImage[];
    // The model's faces vanish between the request and the render: the provider fails.
    const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
    await t.studio.imageModel.deleteModel(row?.modelVersion ?? "");
    await workQueued(t, [renderPortraitJob.name]);

    const polled = await call(parent, "/api/generation/prediction/status", { imageIds: [image?.id] });
    expect(polled.json().images[0]).toMatchObject({
      status: "failed",
      error: "We couldn't create this portrait. Your credit was given back.",
    });
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(balance);
    const reported = await call(parent, "/api/generation/regenerate-error", { imageId: image?.id });
    expect(reported.json()).toMatchObject({ balance, image: { status: "failed" } });
    const mail = await latestMail(t.database.db, parent.email, "portrait-failed");
    expect(mail?.subject).toBe("A Knight portrait of Luna didn't work");
    const again = await call(parent, "/api/email/regeneration-error", { imageId: image?.id });
    expect(again.json()).toEqual({ sent: false });
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(balance);
    await expectLedgerMatches(parent.userId);
  });

  it("fails and refunds a portrait stuck past its deadline when the page reports it", async () => {
    const { parent, childId } = await trainedChild("Lia");
    const balance = await readCredits(t.database.db, { userId: parent.userId });
    const [image] = (await generate(parent, childId, "knight", 1)).json().images as GeneratedImage[];
    const fresh = await call(parent, "/api/generation/regenerate-error", { imageId: image?.id });
    expect(fresh.json().image.status).toBe("pending");
    await t.database.db
      .update(generatedImage)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(generatedImage.id, image?.id ?? ""));
    const reported = await Promise.all([
      call(parent, "/api/generation/regenerate-error", { imageId: image?.id }),
      call(parent, "/api/generation/regenerate-error", { imageId: image?.id }),
    ]);
    expect(reported.map((response) => response.json().image.status)).toEqual(["failed", "failed"]);
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(balance);
    // The job, arriving late, changes nothing.
    await workQueued(t, [renderPortraitJob.name]);
    const [row] = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.id, image?.id ?? ""));
    expect(row?.status).toBe("failed");
    await expectLedgerMatches(parent.userId);
  });
});
