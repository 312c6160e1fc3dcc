import { billingErrorCodes, childErrorCodes, childMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOnLedger } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { post } from "../support/identity";
import { buyPlan } from "../support/studio";

/*
 * Oracle's Extra child (decision 0051): a one-time add-on, bought through the same checkout as the
 * other add-ons, that makes room for one more child in the family while the plan is Oracle.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const addChild = (as: TestParent, firstName: string, familyId = as.familyId) =>
  postAs(t.app, "/api/children/add", as, familyId, { firstName, age: 5, gender: "girl" });

const limitOf = async (as: TestParent) => {
  const response = await postAs(t.app, "/api/children/limit", as, as.familyId, undefined);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { childrenAllowed: number; canBuyExtraChild: boolean };
};

/** Buys the Extra child through the local checkout, as the web app does; answers the completion. */
async function buyExtraChild(as: TestParent, returnTo?: string) {
  const started = await post(
    t.app,
    "/api/subscription/create-checkout-session",
    { addOnId: "extra-child", ...(returnTo ? { returnTo } : {}) },
    as.token,
  );
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId, url } = started.json();
  expect(url).toBe(`/checkout/${sessionId}`);
  const order = await post(t.app, "/api/subscription/checkout", { sessionId }, as.token);
  expect(order.json()).toMatchObject({
    kind: "add-on",
    amount: 9.99,
    credits: 0,
    description: "Extra child add-on: 1 more child in your family",
    addOn: { id: "extra-child", unit: "child", units: 1 },
  });
  const completed = await post(t.app, "/api/subscription/create", { sessionId }, as.token);
  expect(completed.statusCode, completed.body).toBe(200);
  return { sessionId, completed: completed.json() as { redirectTo: string; totalCredits: number } };
}

async function oracleParent(firstName: string) {
  const parent = await verifiedParent(t.app, t.database.db, { firstName });
  await acceptConsent(t.app, parent);
  await buyPlan(t, parent, 3);
  return parent;
}

describe("the child limit with Oracle's Extra child", () => {
  it("refuses a second child without an Extra child, with a stable code and a human message", async () => {
    for (const planId of [1, 3, 5]) {
      const parent = await verifiedParent(t.app, t.database.db, { firstName: `Pia${planId}` });
      await acceptConsent(t.app, parent);
      await buyPlan(t, parent, planId);
      expect((await addChild(parent, "Mia")).statusCode).toBe(200);
      const second = await addChild(parent, "Leo");
      expect(second.statusCode, `plan ${planId}`).toBe(409);
      expect(second.json()).toEqual({
        code: childErrorCodes.childLimitReached,
        message: childMessages.childLimitReached,
      });
      // Only Oracle offers the way to more.
      expect(await limitOf(parent)).toEqual({ childrenAllowed: 1, canBuyExtraChild: planId === 3 });
    }
  });

  it("makes room for one more child per purchase, once per checkout, and back to the add-child page", async () => {
    const parent = await oracleParent("Ada");
    expect((await addChild(parent, "Mia")).statusCode).toBe(200);
    const before = await post(t.app, "/api/subscription/add-ons", {}, parent.token);
    expect(before.json()).toMatchObject({ canBuy: true, balances: { child: 0 } });
    expect(before.json().addOns.map((addOn: { id: string }) => addOn.id)).toContain("extra-child");

    const bought = await buyExtraChild(parent, "/kids/add-children");
    expect(bought.completed.redirectTo).toBe("/kids/add-children?addOn=success");
    // The Pay button pressed again: still one Extra child.
    const again = await post(
      t.app,
      "/api/subscription/create",
      { sessionId: bought.sessionId },
      parent.token,
    );
    expect(again.statusCode).toBe(200);
    expect(await limitOf(parent)).toEqual({ childrenAllowed: 2, canBuyExtraChild: true });
    expect((await post(t.app, "/api/subscription/add-ons", {}, parent.token)).json().balances.child).toBe(1);
    const ledger = await t.database.db
      .select()
      .from(addOnLedger)
      .where(eq(addOnLedger.userId, parent.userId));
    expect(ledger.map((row) => [row.unit, row.kind, row.delta, row.balanceAfter])).toEqual([
      ["child", "purchase", 1, 1],
    ]);

    const leo = await addChild(parent, "Leo");
    expect(leo.statusCode, leo.body).toBe(200);
    expect((await addChild(parent, "Zoe")).json().code).toBe(childErrorCodes.childLimitReached);
    await buyExtraChild(parent);
    expect((await addChild(parent, "Zoe")).statusCode).toBe(200);
    const children = await postAs(t.app, "/api/children/get", parent, parent.familyId, undefined);
    expect(children.json().map((child: { firstName: string }) => child.firstName)).toEqual([
      "Mia",
      "Leo",
      "Zoe",
    ]);
  });

  it("counts only the family's live children: a deleted child frees its place", async () => {
    const parent = await oracleParent("Bea");
    await buyExtraChild(parent);
    expect((await addChild(parent, "Mia")).statusCode).toBe(200);
    const leo = await addChild(parent, "Leo");
    expect(leo.statusCode).toBe(200);
    expect((await addChild(parent, "Zoe")).statusCode).toBe(409);
    // Another family's children are not this family's.
    const neighbour = await oracleParent("Cy");
    expect((await addChild(neighbour, "Max")).statusCode).toBe(200);
    expect(await limitOf(parent)).toEqual({ childrenAllowed: 2, canBuyExtraChild: true });

    const deleted = await postAs(t.app, "/api/children/delete", parent, parent.familyId, {
      childId: leo.json().id,
      confirmName: "Leo",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const zoe = await addChild(parent, "Zoe");
    expect(zoe.statusCode, zoe.body).toBe(200);
  });

  it("counts bought children only on Oracle, and sells them to Oracle only", async () => {
    const parent = await oracleParent("Dee");
    await buyExtraChild(parent);
    expect((await limitOf(parent)).childrenAllowed).toBe(2);
    // Moving to Magician: the Extra child stays bought, but makes no room until Oracle again.
    await buyPlan(t, parent, 1);
    expect(await limitOf(parent)).toEqual({ childrenAllowed: 1, canBuyExtraChild: false });
    const refused = await post(
      t.app,
      "/api/subscription/create-checkout-session",
      { addOnId: "extra-child" },
      parent.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: billingErrorCodes.extraChildNeedsOracle });
    expect(refused.json().message).toMatch(/Oracle/);
    await buyPlan(t, parent, 4);
    expect((await limitOf(parent)).childrenAllowed).toBe(2);

    const none = await verifiedParent(t.app, t.database.db, { firstName: "Eve" });
    const withoutPlan = await post(
      t.app,
      "/api/subscription/create-checkout-session",
      { addOnId: "extra-child" },
      none.token,
    );
    expect(withoutPlan.statusCode).toBe(403);
    expect(withoutPlan.json().code).toBe(billingErrorCodes.extraChildNeedsOracle);
  });
});
