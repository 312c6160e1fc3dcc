import { CONSENT_AGREEMENT_VERSION, childErrorCodes, consentErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, parentalConsent } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { inviteAndJoin, postAs, verifiedParent } from "../support/families";
import { post } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const parent = (firstName: string) => verifiedParent(t.app, t.database.db, { firstName });
const luna = { firstName: "Luna", age: 5, gender: "girl" };

describe("parental consent", () => {
  it("is required before adding a child, and records version, time, address and browser", async () => {
    const ada = await parent("Ada");
    const refused = await postAs(t.app, "/api/children/add", ada, ada.familyId, luna);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(consentErrorCodes.consentRequired);
    expect((await post(t.app, "/api/user/get", {}, ada.token)).json().consent).toBeNull();

    const accepted = await acceptConsent(t.app, ada);
    expect(accepted).toEqual({ version: CONSENT_AGREEMENT_VERSION, acceptedAt: expect.any(String) });
    const [row] = await t.database.db
      .select()
      .from(parentalConsent)
      .where(eq(parentalConsent.userId, ada.userId));
    expect(row).toMatchObject({ version: CONSENT_AGREEMENT_VERSION, ipAddress: "127.0.0.1" });
    expect((await post(t.app, "/api/user/get", {}, ada.token)).json().consent.version).toBe(
      CONSENT_AGREEMENT_VERSION,
    );
    expect((await postAs(t.app, "/api/children/add", ada, ada.familyId, luna)).statusCode).toBe(200);
  });

  it("must be the current version and both confirmations", async () => {
    const ada = await parent("Ada");
    const old = await post(
      t.app,
      "/api/user/accept-terms",
      { version: "2020-01-01", confirmations: { isParentOrGuardian: true, agreesToProcessing: true } },
      ada.token,
    );
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe(consentErrorCodes.consentVersionOutdated);
    const unconfirmed = await post(
      t.app,
      "/api/user/accept-terms",
      {
        version: CONSENT_AGREEMENT_VERSION,
        confirmations: { isParentOrGuardian: false, agreesToProcessing: true },
      },
      ada.token,
    );
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().details[0].path).toBe("body.confirmations.isParentOrGuardian");
  });

  it("is asked again when the agreement changes", async () => {
    const ada = await parent("Ada");
    await t.database.db.insert(parentalConsent).values({ userId: ada.userId, version: "2025-01-01" });
    const refused = await postAs(t.app, "/api/children/add", ada, ada.familyId, luna);
    expect(refused.json().code).toBe(consentErrorCodes.consentVersionOutdated);
  });
});

describe("children", () => {
  it("adds one child per family with a positive id and a private trigger word", async () => {
    const ada = await parent("Ada");
    await acceptConsent(t.app, ada);
    const added = await postAs(t.app, "/api/children/add", ada, ada.familyId, {
      ...luna,
      firstName: "  Luna ",
    });
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json();
    expect(body).toMatchObject({
      firstName: "Luna",
      age: 5,
      gender: "girl",
      trainingStatus: null,
      photoCount: 0,
    });
    expect(Number.isInteger(body.id) && body.id > 0).toBe(true);
    expect(body).not.toHaveProperty("triggerWord");
    const [row] = await t.database.db.select().from(child).where(eq(child.id, body.id));
    expect(row?.triggerWord).toMatch(/^zk[a-z]{6}$/);

    const second = await postAs(t.app, "/api/children/add", ada, ada.familyId, { ...luna, firstName: "Leo" });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe(childErrorCodes.childLimitReached);
    const listed = await postAs(t.app, "/api/children/get", ada, ada.familyId);
    expect(listed.json()).toEqual([body]);
  });

  it("computes the age from a birth date and checks what it is told", async () => {
    const ada = await parent("Ada");
    await acceptConsent(t.app, ada);
    const sixYearsAgo = new Date();
    sixYearsAgo.setUTCFullYear(sixYearsAgo.getUTCFullYear() - 6);
    sixYearsAgo.setUTCDate(sixYearsAgo.getUTCDate() - 1);
    const birthDate = sixYearsAgo.toISOString().slice(0, 10);
    for (const bad of [
      { firstName: "Leo", gender: "boy" },
      { firstName: "Leo", gender: "boy", birthDate: "2999-01-01" },
      { firstName: "Leo", gender: "dragon", age: 3 },
      { firstName: "", gender: "boy", age: 3 },
      { firstName: "Leo", gender: "boy", age: 40 },
    ]) {
      const response = await postAs(t.app, "/api/children/add", ada, ada.familyId, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
    const added = await postAs(t.app, "/api/children/add", ada, ada.familyId, {
      firstName: "Leo",
      gender: "boy",
      birthDate,
    });
    expect(added.json()).toMatchObject({ age: 6, birthDate });
  });

  it("shows a family's children to its members only", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const otto = await parent("Otto");
    await acceptConsent(t.app, ada);
    const added = (await postAs(t.app, "/api/children/add", ada, ada.familyId, luna)).json();
    await inviteAndJoin(t.app, t.database.db, {
      by: ada,
      familyId: ada.familyId,
      invitee: bea,
      role: "member",
    });

    expect((await postAs(t.app, "/api/children/get", bea, ada.familyId)).json()).toEqual([added]);
    expect((await postAs(t.app, "/api/children/get", bea, bea.familyId)).json()).toEqual([]);
    const outsider = await postAs(t.app, "/api/children/get", otto, ada.familyId);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).not.toContain("Luna");
  });

  it("goes when its family is deleted", async () => {
    const ada = await parent("Ada");
    await acceptConsent(t.app, ada);
    await postAs(t.app, "/api/organization/update", ada, ada.familyId, { name: "Temp" });
    const added = (await postAs(t.app, "/api/children/add", ada, ada.familyId, luna)).json();
    await postAs(t.app, "/api/organization/delete", ada, ada.familyId, { confirmName: "Temp" });
    expect(await t.database.db.select().from(child).where(eq(child.id, added.id))).toEqual([]);
  });
});
