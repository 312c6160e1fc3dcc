import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { signIn } from "../support/identity";
import { type RecordedStatement, recordStatements } from "../support/query-watch";

let t: TestApp;
let ada: TestParent;

beforeAll(async () => {
  t = await createTestApp();
  ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
});

afterAll(async () => {
  await t?.close();
});

/** The statements a request sends that read the session, the user or a membership. */
const authenticationReads = (statements: RecordedStatement[]) =>
  statements
    .map(({ sql }) => sql)
    .filter((sql) => /from "(session|user|member)"|join "(session|user|member)"/.test(sql));

describe("authentication in one round trip (decision 0027)", () => {
  it("resolves session, parent and family membership of a family request with one query", async () => {
    const watch = recordStatements(t.database.db);
    try {
      const response = await postAs(t.app, "/api/children/get", ada, ada.familyId);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      watch.restore();
    }
    const reads = authenticationReads(watch.statements);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/from "session".*join "user".*join "member"/s);
  });

  it("still refuses a family the parent does not belong to, from the same query", async () => {
    const other = await verifiedParent(t.app, t.database.db, { firstName: "Grace" });
    const response = await postAs(t.app, "/api/children/get", ada, other.familyId);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("NOT_A_FAMILY_MEMBER");
  });

  it("accepts Better Auth's signed session cookie and refuses a tampered one", async () => {
    const signedIn = await signIn(t.app, ada.email);
    const setCookie = [signedIn.headers["set-cookie"]].flat().join("\n");
    const cookie = /(better-auth\.session_token=[^;]+)/.exec(setCookie)?.[1];
    expect(cookie).toBeTruthy();
    const asCookie = (value: string) =>
      t.app.inject({ method: "POST", url: "/api/user/get", payload: {}, headers: { cookie: value } });
    expect((await asCookie(cookie ?? "")).statusCode).toBe(200);
    // The same token with a signature made without the secret.
    const forged = (cookie ?? "").replace(/\.[^.]+$/, `.${Buffer.alloc(32).toString("base64")}`);
    expect((await asCookie(forged)).statusCode).toBe(401);
  });

  it("refuses a bearer token whose signature does not match, and an unknown token", async () => {
    const [token] = ada.token.split(".");
    const forged = `${token}.${Buffer.alloc(32, 1).toString("base64")}`;
    for (const bearer of [forged, "unknown-token", `${"x".repeat(32)}.${"y".repeat(43)}=`]) {
      const response = await postAs(t.app, "/api/user/get", { token: bearer }, null);
      expect(response.statusCode, bearer).toBe(401);
    }
  });

  it("renews a session due for its sliding renewal as Better Auth would, and refuses an expired one", async () => {
    const parent = await verifiedParent(t.app, t.database.db);
    const { sessionConfig } = await t.auth.$context;
    const [token] = parent.token.split(".");
    const setExpiry = (expiresAt: Date) =>
      t.database.db
        .update(session)
        .set({ expiresAt })
        .where(eq(session.token, token ?? ""));
    const expiryNow = async () =>
      (
        await t.database.db
          .select()
          .from(session)
          .where(eq(session.token, token ?? ""))
      )[0]?.expiresAt;
    // A day older than "just renewed": due.
    const due = new Date(Date.now() + (sessionConfig.expiresIn - sessionConfig.updateAge - 60) * 1000);
    await setExpiry(due);
    expect((await postAs(t.app, "/api/user/get", parent, null)).statusCode).toBe(200);
    expect((await expiryNow())?.getTime()).toBeGreaterThan(due.getTime() + 60_000);

    await setExpiry(new Date(Date.now() - 1000));
    expect((await postAs(t.app, "/api/user/get", parent, null)).statusCode).toBe(401);
  });
});
