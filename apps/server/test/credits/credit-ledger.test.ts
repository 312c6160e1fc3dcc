import { creditErrorCodes } from "@wonderkin/contract";
import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger } from "../../src/db/schema";
import { changeCredits, readCredits } from "../../src/modules/credits/change-credits";
import { createTestApp, type TestApp } from "../create-test-app";
import { verifiedParent } from "../support/families";
import { post } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ledgerSum(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ total: sum(creditLedger.delta) })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.total ?? 0);
}

describe("the credit ledger", () => {
  it("moves the balance with each entry, applies a reference once, and always sums to the balance", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const db = t.database.db;
    expect(
      await changeCredits(db, { userId: ada.userId, delta: 100, kind: "plan-grant", reference: "grant:a:1" }),
    ).toEqual({
      applied: true,
      balance: 100,
    });
    expect(
      await changeCredits(db, { userId: ada.userId, delta: 100, kind: "plan-grant", reference: "grant:a:1" }),
    ).toEqual({
      applied: false,
      balance: 100,
    });
    await changeCredits(db, { userId: ada.userId, delta: -3, kind: "spend", reference: "generation:1" });
    await changeCredits(db, { userId: ada.userId, delta: 20, kind: "top-up", reference: "checkout:x" });
    expect(await readCredits(db, { userId: ada.userId })).toBe(117);
    expect(await ledgerSum(ada.userId)).toBe(117);
    const response = await post(t.app, "/api/user/credits", {}, ada.token);
    expect(response.json()).toEqual({ totalCredits: 117 });
    const entries = await db.select().from(creditLedger).where(eq(creditLedger.userId, ada.userId));
    expect(entries.map((entry) => entry.balanceAfter)).toEqual([100, 97, 117]);
  });

  it("never goes below zero, even with many spends at once", async () => {
    const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    const db = t.database.db;
    await changeCredits(db, { userId: bea.userId, delta: 5, kind: "adjustment", reference: "gift:bea" });
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        changeCredits(db, { userId: bea.userId, delta: -1, kind: "spend", reference: `generation:bea:${i}` }),
      ),
    );
    const refused = attempts.filter((attempt) => attempt.status === "rejected");
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const attempt of refused) {
      expect((attempt as PromiseRejectedResult).reason.code).toBe(creditErrorCodes.insufficientCredits);
    }
    expect(await readCredits(db, { userId: bea.userId })).toBe(0);
    expect(await ledgerSum(bea.userId)).toBe(0);
  });

  it("applies the same reference once even when it arrives twice at the same time", async () => {
    const cleo = await verifiedParent(t.app, t.database.db, { firstName: "Cleo" });
    const db = t.database.db;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        changeCredits(db, { userId: cleo.userId, delta: 50, kind: "top-up", reference: "checkout:same" }),
      ),
    );
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(await readCredits(db, { userId: cleo.userId })).toBe(50);
    expect(await ledgerSum(cleo.userId)).toBe(50);
  });

  it("offers the plans and top-up packs to anyone", async () => {
    const plans = await post(t.app, "/api/subscription/plans", {});
    expect(plans.json().plans.map((plan: { name: string }) => plan.name)).toEqual([
      "Alchemist",
      "Magician",
      "Oracle",
    ]);
    const packs = await post(t.app, "/api/subscription/top-up-credit-plans", {});
    expect(packs.json().packs.length).toBeGreaterThan(0);
    expect((await post(t.app, "/api/user/credits", {})).statusCode).toBe(401);
  });
});
