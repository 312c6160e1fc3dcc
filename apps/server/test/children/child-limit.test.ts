import { childErrorCodes, childLimitEndpoint, FAMILY_HEADER } from "@wonderkin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { postAs, verifiedParent } from "../support/families";
import { buyPlan } from "../support/studio";

/*
 * The add-child page asks how many children the family may have before the parent fills in the
 * form: the answer is the limit adding a child enforces.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(childLimitEndpoint.path, () => {
  it("is the number of children adding a child allows, with or without a plan", async () => {
    const parent = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    await acceptConsent(t.app, parent);
    const limit = async () => {
      const response = await postAs(t.app, childLimitEndpoint.path, parent, parent.familyId, undefined);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().childrenAllowed as number;
    };
    // Every family may have the one child every plan allows (spec §9: a single child).
    expect(await limit()).toBe(1);
    await buyPlan(t, parent, 3);
    const allowed = await limit();
    expect(allowed).toBe(1);

    for (let added = 0; added < allowed; added += 1) {
      const child = await postAs(t.app, "/api/children/add", parent, parent.familyId, {
        firstName: `Child ${added + 1}`,
        age: 4,
        gender: "boy",
      });
      expect(child.statusCode, child.body).toBe(200);
    }
    const beyond = await postAs(t.app, "/api/children/add", parent, parent.familyId, {
      firstName: "One too many",
      age: 4,
      gender: "girl",
    });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().code).toBe(childErrorCodes.childLimitReached);
  });

  it("needs a family the parent belongs to", async () => {
    const parent = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    const stranger = await verifiedParent(t.app, t.database.db, { firstName: "Cy" });
    const response = await t.app.inject({
      method: "POST",
      url: childLimitEndpoint.path,
      headers: { authorization: `Bearer ${stranger.token}`, [FAMILY_HEADER]: parent.familyId },
    });
    expect(response.statusCode).toBe(403);
  });
});
