import {
  creditErrorCodes,
  type FamilySpending,
  familyErrorCodes,
  type GeneratedImage,
  portraitDownloadUrl,
  studioErrorCodes,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedImage, subscription } from "../../src/db/schema";
import { changeCredits, readCredits } from "../../src/modules/credits/change-credits";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { inviteAndJoin, postAs, type TestParent, verifiedParent } from "../support/families";
import { buyPlan, parentWithChild, workQueued } from "../support/studio";

/**
 * Decision 0050: every member of a family sees its children and portraits whether or not they have
 * a plan; what a member creates is paid by the family's owner only when the owner shares the
 * family's credits, otherwise by the member's own plan, otherwise refused with a code that says
 * whom to ask.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

const ORACLE_MONTHLY = 3;
const ALCHEMIST = 5;

type Family = { owner: TestParent; childId: number; familyId: string; portraits: GeneratedImage[] };

/** An owner on Oracle with a trained child and two finished portraits. */
async function familyWithPortraits(firstName: string): Promise<Family> {
  const { parent: owner, childId } = await parentWithChild(t, {
    firstName,
    planId: ORACLE_MONTHLY,
    photos: 3,
  });
  const familyId = owner.familyId;
  const started = await postAs(t.app, "/api/children/training/start", owner, familyId, { childId });
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  const made = await postAs(t.app, "/api/generation/generate", owner, familyId, {
    childId,
    styleId: "astronaut",
    count: 2,
  });
  expect(made.statusCode, made.body).toBe(200);
  await workQueued(t, [renderPortraitJob.name]);
  const listed = await postAs(t.app, "/api/children/generated-images", owner, familyId, { childId });
  return { owner, childId, familyId, portraits: listed.json().images as GeneratedImage[] };
}

/** A verified, consenting parent without a plan who joins the family by invitation. */
async function joiningMember(family: Family, firstName: string, role: "member" | "admin" = "member") {
  const joined = await verifiedParent(t.app, t.database.db, { firstName });
  await acceptConsent(t.app, joined);
  await inviteAndJoin(t.app, t.database.db, {
    by: family.owner,
    familyId: family.familyId,
    invitee: joined,
    role,
  });
  return joined;
}

const spendingOf = async (as: TestParent, familyId: string) => {
  const response = await postAs(t.app, "/api/organization/spending", as, familyId, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FamilySpending;
};

const share = (family: Family, membersMaySpend: boolean) =>
  postAs(t.app, "/api/organization/spending/update", family.owner, family.familyId, { membersMaySpend });

const generateAs = (as: TestParent, family: Family, count = 1, styleId = "astronaut") =>
  postAs(t.app, "/api/generation/generate", as, family.familyId, { childId: family.childId, styleId, count });

describe("a member without a plan of their own", () => {
  it("reads the family's children, gallery and portraits, downloads one and marks a favourite", async () => {
    const family = await familyWithPortraits("Mum");
    const grandpa = await joiningMember(family, "Grandpa");

    const children = await postAs(t.app, "/api/children/get", grandpa, family.familyId, {});
    expect(children.statusCode, children.body).toBe(200);
    expect(children.json().map((kid: { id: number }) => kid.id)).toEqual([family.childId]);

    const gallery = await postAs(t.app, "/api/children/generated-images", grandpa, family.familyId, {
      childId: family.childId,
    });
    expect(gallery.statusCode, gallery.body).toBe(200);
    const images = gallery.json().images as GeneratedImage[];
    expect(images.map((image) => image.id).sort()).toEqual(family.portraits.map((image) => image.id).sort());
    const [first] = images;
    const download = await t.app.inject({ method: "GET", url: (first && portraitDownloadUrl(first)) ?? "" });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="astronaut-/);

    const favourite = await postAs(
      t.app,
      "/api/children/generated-images/favourite",
      grandpa,
      family.familyId,
      { imageId: first?.id, favourite: true },
    );
    expect(favourite.statusCode, favourite.body).toBe(200);

    expect(await spendingOf(grandpa, family.familyId)).toEqual({
      familyPlan: { active: true, planId: ORACLE_MONTHLY, planName: "Oracle" },
      heldByYou: false,
      membersMaySpend: false,
      payer: null,
      payingPlanId: null,
      credits: null,
      blocked: "ask-owner",
    });
  });

  it("is told to ask the owner when the owner keeps the credits, and nothing is spent or written", async () => {
    const family = await familyWithPortraits("Maud");
    const grandpa = await joiningMember(family, "Gramps");
    const ownerBalance = await readCredits(t.database.db, { userId: family.owner.userId });
    const before = await t.database.db
      .select({ id: generatedImage.id })
      .from(generatedImage)
      .where(eq(generatedImage.childId, family.childId));

    const refused = await generateAs(grandpa, family);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: familyErrorCodes.spendingNotShared,
      message: expect.stringContaining("Ask the owner"),
    });
    const print = await postAs(t.app, "/api/generation/print", grandpa, family.familyId, {
      imageId: family.portraits[0]?.id,
    });
    expect(print.statusCode).toBe(403);
    expect(print.json().code).toBe(familyErrorCodes.spendingNotShared);
    const video = await postAs(t.app, "/api/generation/video", grandpa, family.familyId, {
      imageId: family.portraits[0]?.id,
    });
    expect(video.statusCode).toBe(403);
    expect(video.json().code).toBe(familyErrorCodes.spendingNotShared);

    expect(await readCredits(t.database.db, { userId: family.owner.userId })).toBe(ownerBalance);
    const after = await t.database.db
      .select({ id: generatedImage.id })
      .from(generatedImage)
      .where(eq(generatedImage.childId, family.childId));
    expect(after).toHaveLength(before.length);
  });

  it("spends the owner's credits under the owner's plan once the owner shares them, and refunds go back to the owner", async () => {
    const family = await familyWithPortraits("Mara");
    const grandma = await joiningMember(family, "Grandma");
    const shared = await share(family, true);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ membersMaySpend: true, heldByYou: true, payer: "you" });

    const ownerBefore = await readCredits(t.database.db, { userId: family.owner.userId });
    expect(await spendingOf(grandma, family.familyId)).toMatchObject({
      payer: "family",
      payingPlanId: ORACLE_MONTHLY,
      credits: ownerBefore,
      blocked: null,
    });
    const made = await generateAs(grandma, family, 2);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ balance: ownerBefore - 2, paidBy: "family" });
    // Oracle's terms apply: no watermark, and the portraits are recorded as the member's.
    const images = made.json().images as GeneratedImage[];
    expect(images.every((image) => !image.watermarked && image.requestedByUserId === grandma.userId)).toBe(
      true,
    );
    expect(await readCredits(t.database.db, { userId: family.owner.userId })).toBe(ownerBefore - 2);
    expect(await readCredits(t.database.db, { userId: grandma.userId })).toBe(0);

    // A portrait stuck past its deadline is failed and refunded: to the owner, who paid.
    await t.database.db
      .update(generatedImage)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(generatedImage.id, images[0]?.id ?? ""));
    const reported = await postAs(t.app, "/api/generation/regenerate-error", grandma, family.familyId, {
      imageId: images[0]?.id,
    });
    expect(reported.json().image.status).toBe("failed");
    expect(await readCredits(t.database.db, { userId: family.owner.userId })).toBe(ownerBefore - 1);
    expect(await readCredits(t.database.db, { userId: grandma.userId })).toBe(0);

    // The owner runs out: the member is told credits are short, not sent to buy a plan.
    await changeCredits(t.database.db, {
      userId: family.owner.userId,
      delta: -(ownerBefore - 1),
      kind: "adjustment",
      reference: `test-empty:${family.owner.userId}`,
    });
    const short = await generateAs(grandma, family);
    expect(short.statusCode).toBe(402);
    expect(short.json().code).toBe(creditErrorCodes.insufficientCredits);

    // Stopping the sharing applies to the next spend at once.
    expect((await share(family, false)).statusCode).toBe(200);
    expect((await generateAs(grandma, family)).json().code).toBe(familyErrorCodes.spendingNotShared);
  });

  it("may not change the setting: only owners share the family's credits", async () => {
    const family = await familyWithPortraits("Mina");
    const admin = await joiningMember(family, "Aunt", "admin");
    const refused = await postAs(t.app, "/api/organization/spending/update", admin, family.familyId, {
      membersMaySpend: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(familyErrorCodes.roleNotAllowed);
    expect((await spendingOf(admin, family.familyId)).membersMaySpend).toBe(false);
  });
});

describe("a member with a plan of their own", () => {
  it("pays with their own credits and plan until the owner shares the family's", async () => {
    const family = await familyWithPortraits("Meg");
    const uncle = await joiningMember(family, "Uncle");
    await buyPlan(t, uncle, ALCHEMIST);
    const ownerBefore = await readCredits(t.database.db, { userId: family.owner.userId });
    const uncleBefore = await readCredits(t.database.db, { userId: uncle.userId });

    // Alchemist has no exclusive packs: the plan that pays decides the styles too.
    const locked = await generateAs(uncle, family, 1, "viking");
    expect(locked.json().code).toBe(studioErrorCodes.styleLocked);
    const own = await generateAs(uncle, family);
    expect(own.statusCode, own.body).toBe(200);
    // Alchemist watermarks; Oracle does not.
    expect(own.json()).toMatchObject({ balance: uncleBefore - 1, paidBy: "you" });
    expect(own.json().images[0].watermarked).toBe(true);
    expect(await readCredits(t.database.db, { userId: family.owner.userId })).toBe(ownerBefore);

    await share(family, true);
    const byFamily = await generateAs(uncle, family, 1, "viking");
    expect(byFamily.json()).toMatchObject({ balance: ownerBefore - 1, paidBy: "family" });
    expect(byFamily.json().images[0].watermarked).toBe(false);
    expect(await readCredits(t.database.db, { userId: uncle.userId })).toBe(uncleBefore - 1);
  });
});

describe("a family without a plan", () => {
  it("lets nobody spend, and says a plan is needed", async () => {
    const owner = await verifiedParent(t.app, t.database.db, { firstName: "Nora" });
    await acceptConsent(t.app, owner);
    expect(await spendingOf(owner, owner.familyId)).toMatchObject({
      familyPlan: { active: false, planId: null, planName: null },
      heldByYou: false,
      payer: null,
      blocked: "plan-required",
    });
    // Sharing nothing changes nothing: there is still no plan to pay with.
    const shared = await postAs(t.app, "/api/organization/spending/update", owner, owner.familyId, {
      membersMaySpend: true,
    });
    expect(shared.json()).toMatchObject({ membersMaySpend: true, payer: null, blocked: "plan-required" });
  });

  it("refuses a member's portraits with PLAN_REQUIRED", async () => {
    const family = await familyWithPortraits("Mo");
    const cousin = await joiningMember(family, "Cousin");
    // The owner's plan ends: the family has none left.
    await t.database.db
      .update(subscription)
      .set({ status: "ended" })
      .where(eq(subscription.userId, family.owner.userId));
    const refused = await generateAs(cousin, family);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(studioErrorCodes.planRequired);
  });
});
