import type { GeneratedImage, SafetyHold } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { childPhoto, familyPicture, safetyAudit, safetyHold } from "../../src/db/schema";
import { familyPictureVersion } from "../../src/modules/families/family-picture";
import { deliverReleasedHolds, purgeExpiredQuarantine } from "../../src/modules/safety/deliver-released";
import { openQuarantined } from "../../src/modules/safety/quarantine-crypto";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { post } from "../support/identity";
import { testPhoto, upload, uploadForm } from "../support/photos";
import type { SafetyDouble } from "../support/safety";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * What operators do with held items when SAFETY_QUARANTINE_DAYS keeps them (decision 0038): the
 * admin API lists, releases (the worker delivers) and confirms them, every decision audited; the
 * kept copies are encrypted, deleted when their time ends and with the child; and every check is
 * counted in /metrics.
 */
const ADMIN_TOKEN = "admin-token-that-is-long-enough-1234567890";
const METRICS_TOKEN = "metrics-token-long-enough-0123456789";
let t: TestApp;
let safety: SafetyDouble;

beforeAll(async () => {
  t = await createTestApp(
    {
      PHOTOS_MIN_PER_CHILD: "3",
      FACE_DETECTION: "off",
      SAFETY_QUARANTINE_DAYS: "3",
      ADMIN_API_TOKEN: ADMIN_TOKEN,
      METRICS_TOKEN,
      // The local model: the portrait's render is made in-process when its job runs.
      PREVIEW_PORTRAITS: "0",
    },
    { metrics: true },
  );
  safety = t.safetyDouble as SafetyDouble;
});
afterAll(() => t.close());
beforeEach(() => safety.reset());

const admin = (path: string, body: unknown, token = ADMIN_TOKEN) =>
  post(t.app, `/api/admin${path}`, body, token);
const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

async function heldOf(familyId: string): Promise<SafetyHold[]> {
  const response = await admin("/safety/holds", {});
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().holds as SafetyHold[]).filter((hold) => hold.familyId === familyId);
}

async function withheldPortrait(firstName: string) {
  const fixture = await parentWithChild(t, { firstName, planId: 3, photos: 3 });
  await call(fixture.parent, "/api/children/training/start", { childId: fixture.childId });
  await workQueued(t, [trainChildJob.name]);
  const response = await call(fixture.parent, "/api/generation/generate", {
    childId: fixture.childId,
    styleId: "viking",
    count: 1,
  });
  const imageId = (response.json().images as GeneratedImage[])[0]?.id ?? "";
  safety.flagWhen(() => true);
  await workQueued(t, [renderPortraitJob.name]); // first render withheld, the second queued
  await workQueued(t, [renderPortraitJob.name]); // withheld again: failed and refunded
  safety.flagWhen(null);
  return { ...fixture, imageId };
}

describe("held items kept for review", () => {
  it("keeps a withheld portrait encrypted under the child's prefix, never as a portrait file", async () => {
    const { parent, childId, imageId } = await withheldPortrait("Ada");
    const holds = await heldOf(parent.familyId);
    expect(holds).toHaveLength(2);
    const [hold] = holds;
    expect(hold).toMatchObject({
      subject: "portrait",
      outcome: "withheld",
      imageKept: true,
      portraitId: imageId,
    });
    const [row] = await t.database.db
      .select()
      .from(safetyHold)
      .where(eq(safetyHold.id, hold?.id ?? ""));
    expect(row?.quarantineKey).toBe(
      `families/${parent.familyId}/children/${childId}/quarantine/${hold?.id}.bin`,
    );
    const sealed = (await t.storage.get(row?.quarantineKey ?? "")) as Buffer;
    // Not a picture at rest; the deployment's secret opens it.
    const opened = openQuarantined(t.safety.secret, sealed);
    expect((await sharp(opened).metadata()).width).toBeGreaterThan(0);
    expect(
      (
        await sharp(sealed)
          .metadata()
          .catch(() => null)
      )?.width,
    ).toBeUndefined();
    const status = (await call(parent, "/api/generation/prediction/status", { imageIds: [imageId] })).json()
      .images[0] as GeneratedImage;
    expect(status).toMatchObject({ status: "failed", url: null });

    // An operator may look at it (or preserve it); the look is audited.
    const viewed = await admin("/safety/holds/picture", {
      holdId: hold?.id,
      operator: "ana",
      reason: "review",
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(Buffer.from(viewed.json().pictureBase64, "base64").equals(opened)).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(safetyAudit)
      .where(eq(safetyAudit.holdId, hold?.id ?? ""));
    expect(audit).toMatchObject({ actor: "ana", action: "view", reason: "review" });
  });

  it("releases a false positive to the family through the worker, audited; a second decision is refused", async () => {
    const { parent, imageId } = await withheldPortrait("Bo");
    const [latest] = await heldOf(parent.familyId);
    expect(
      (await admin("/safety/holds/release", { holdId: latest?.id, operator: "ana", reason: "x" }, "wrong"))
        .statusCode,
    ).toBe(401);
    const released = await admin("/safety/holds/release", {
      holdId: latest?.id,
      operator: "ana",
      reason: "A costume, not skin",
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().hold).toMatchObject({ status: "released", deliveredAt: null });
    const again = await admin("/safety/holds/confirm", {
      holdId: latest?.id,
      operator: "bo",
      reason: "late",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "HOLD_ALREADY_DECIDED" });

    expect(await deliverReleasedHolds(t.jobDeps.safety)).toBe(1);
    expect(await deliverReleasedHolds(t.jobDeps.safety)).toBe(0);
    const status = (await call(parent, "/api/generation/prediction/status", { imageIds: [imageId] })).json()
      .images[0] as GeneratedImage;
    expect(status).toMatchObject({ status: "succeeded", error: null });
    expect(status.url).toBeTruthy();
    const [row] = await t.database.db
      .select()
      .from(safetyHold)
      .where(eq(safetyHold.id, latest?.id ?? ""));
    expect(row).toMatchObject({ quarantineKey: null });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    const audit = await t.database.db
      .select()
      .from(safetyAudit)
      .where(eq(safetyAudit.holdId, latest?.id ?? ""));
    expect(audit.map((entry) => [entry.actor, entry.action, entry.reason])).toEqual([
      ["ana", "release", "A costume, not skin"],
    ]);
    const log = await admin("/safety/audit-log", {});
    expect(log.json().entries[0]).toMatchObject({ actor: "ana", action: "release", holdId: latest?.id });
  });

  it("adds a released photo to the child's set, and confirms with the kept copy deleted and the family suspended", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Cy", planId: 3, photos: 0 });
    safety.flagNext(2);
    const files = [
      { name: "a.jpg", bytes: await testPhoto({ seed: 301 }) },
      { name: "b.jpg", bytes: await testPhoto({ seed: 302 }) },
    ];
    await upload(t.app, "/api/image/upload", parent, parent.familyId, uploadForm(childId, files));
    const [first, second] = await heldOf(parent.familyId);
    await admin("/safety/holds/release", { holdId: first?.id, operator: "ana", reason: "a shirt" });
    await deliverReleasedHolds(t.jobDeps.safety);
    expect(await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId))).toHaveLength(
      1,
    );

    const [kept] = await t.database.db
      .select()
      .from(safetyHold)
      .where(eq(safetyHold.id, second?.id ?? ""));
    const confirmed = await admin("/safety/holds/confirm", {
      holdId: second?.id,
      operator: "ana",
      reason: "unsuitable",
      suspendFamily: true,
    });
    expect(confirmed.json()).toMatchObject({
      familySuspended: true,
      hold: { status: "confirmed", imageKept: false },
    });
    expect(await t.storage.get(kept?.quarantineKey ?? "")).toBeNull();
    const refused = await call(parent, "/api/generation/generate", { childId, styleId: "viking", count: 1 });
    expect(refused.json()).toMatchObject({ code: "FAMILY_SUSPENDED" });
    const lifted = await admin("/families/set-suspended", {
      familyId: parent.familyId,
      suspended: false,
      operator: "ana",
      reason: "reviewed",
    });
    expect(lifted.json()).toEqual({ familyId: parent.familyId, suspended: false });
    const unknown = await admin("/families/set-suspended", {
      familyId: "nope",
      suspended: true,
      operator: "a",
      reason: "b",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("sets a released family picture as the family's picture", async () => {
    const { parent } = await parentWithChild(t, { firstName: "Fay", planId: 3, photos: 0 });
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#6a9" } })
      .jpeg()
      .toBuffer();
    safety.flagNext(1);
    const refused = await call(parent, "/api/organization/update", {
      picture: `data:image/jpeg;base64,${picture.toString("base64")}`,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    const [held] = await heldOf(parent.familyId);
    expect(held).toMatchObject({ subject: "family_picture", imageKept: true });
    await admin("/safety/holds/release", { holdId: held?.id, operator: "ana", reason: "a sunhat" });

    expect(await deliverReleasedHolds(t.jobDeps.safety)).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(familyPicture)
      .where(eq(familyPicture.organizationId, parent.familyId));
    expect(row?.webp.length).toBeGreaterThan(0);
    expect(row?.version).toBe(familyPictureVersion(row?.webp ?? Buffer.alloc(0)));
    expect((await heldOf(parent.familyId)).length).toBe(0);
    const [delivered] = await t.database.db
      .select()
      .from(safetyHold)
      .where(eq(safetyHold.id, held?.id ?? ""));
    expect(delivered).toMatchObject({ status: "released", quarantineKey: null, deliveryNote: null });
    expect(delivered?.deliveredAt).toBeInstanceOf(Date);
  });

  it("deletes kept copies when their time ends, and with the child", async () => {
    const first = await withheldPortrait("Dee");
    const [hold] = await t.database.db
      .select()
      .from(safetyHold)
      .where(eq(safetyHold.organizationId, first.parent.familyId));
    await t.database.db
      .update(safetyHold)
      .set({ quarantineUntil: new Date(Date.now() - 1000) })
      .where(eq(safetyHold.id, hold?.id ?? ""));
    expect(await purgeExpiredQuarantine(t.studio)).toBe(1);
    expect(await t.storage.get(hold?.quarantineKey ?? "")).toBeNull();

    const second = await withheldPortrait("Eli");
    const prefix = `families/${second.parent.familyId}/children/${second.childId}/quarantine/`;
    expect(await t.storage.list(prefix)).toHaveLength(2);
    const deleted = await call(second.parent, "/api/children/delete", {
      childId: second.childId,
      confirmName: "Luna",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await workQueued(t, ["privacy.delete-model"]);
    expect(await t.storage.list(prefix)).toEqual([]);
    expect(
      await t.database.db.select().from(safetyHold).where(eq(safetyHold.childId, second.childId)),
    ).toEqual([]);
  });
});

describe("metrics", () => {
  it("counts every check by subject and outcome", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.body).toMatch(
      /wonderkin_safety_checks_total\{subject="portrait",outcome="withheld"\} \d+/,
    );
    expect(response.body).toMatch(/wonderkin_safety_checks_total\{subject="photo",outcome="passed"\} \d+/);
    expect(response.body).toMatch(/wonderkin_safety_checks_total\{subject="photo",outcome="refused"\} \d+/);
    expect(response.body).toMatch(/wonderkin_safety_check_duration_seconds_count\{subject="photo"\} \d+/);
  });
});
