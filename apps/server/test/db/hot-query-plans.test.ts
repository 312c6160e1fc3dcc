import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs } from "../support/families";
import { type RecordedStatement, recordStatements } from "../support/query-watch";
import { parentWithChild } from "../support/studio";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The tables a page load reads; none of them may be read from end to end. */
const HOT_TABLES = ["session", "user", "member", "child", "child_photo", "generated_image"];

/**
 * Each statement's plan with sequential scans priced out of reach, so that a Seq Scan still in the
 * plan means there is no index that serves the query (the planner would pick one on small tables
 * anyway, which is why the test does not look at plans as they come).
 */
async function plansOf(statements: RecordedStatement[]): Promise<string[]> {
  const explain = async (run: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>) => {
    await run("set enable_seqscan = off", []);
    const plans: string[] = [];
    for (const { sql, params } of statements) {
      const result = await run(`explain ${sql}`, params);
      plans.push((result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join("\n"));
    }
    await run("reset enable_seqscan", []);
    return plans;
  };
  if (t.databaseUrl) {
    // One connection of its own, so the setting cannot leak into the app's pool.
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      return await explain((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
  }
  const pglite = (t.database.db as unknown as { $client: pg.ClientBase }).$client;
  return explain((text, params) => pglite.query(text, params));
}

describe("the hot path's queries", () => {
  it("children and the gallery are read through indexes only, authentication included", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Ada", planId: 2, photos: 0 });
    const watch = recordStatements(t.database.db);
    try {
      expect((await postAs(t.app, "/api/children/get", parent, parent.familyId)).statusCode).toBe(200);
      const gallery = await postAs(t.app, "/api/children/generated-images", parent, parent.familyId, {
        childId,
      });
      expect(gallery.statusCode, gallery.body).toBe(200);
    } finally {
      watch.restore();
    }
    const reads = watch.statements.filter(({ sql }) => /^\s*select\b/i.test(sql));
    // children/get: authentication + the children; the gallery: authentication + the child + a page.
    expect(reads).toHaveLength(5);
    for (const [index, plan] of (await plansOf(reads)).entries()) {
      for (const table of HOT_TABLES) {
        expect(plan, reads[index]?.sql).not.toMatch(new RegExp(`Seq Scan on "?${table}"? `));
      }
    }
  });
});
