import { commonErrorCodes } from "@wonderkin/contract";
import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isReadOnlyStatement, isTransientDatabaseError } from "../../src/lib/db-errors";
import { StorageFullError } from "../../src/providers/storage/storage";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { postAs, type TestParent, verifiedParent } from "../support/families";

/**
 * A database that drops connections (a restart, a failover, an operator's pg_terminate_backend)
 * and a full disk answer clear, retryable errors, never a 500: reads are sent again once on a
 * fresh connection, writes and transactions answer 503 SERVICE_UNAVAILABLE with Retry-After.
 */

/** node-postgres's error for a backend ended by pg_terminate_backend, as Drizzle wraps it. */
const terminated = () =>
  new DrizzleQueryError(
    "select 1",
    [],
    Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
      severity: "FATAL",
    }),
  );
const lostMidQuery = () =>
  new DrizzleQueryError("select 1", [], new Error("Connection terminated unexpectedly"));

describe("errors of a lost database connection and a full disk", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend: (app) => {
          app.get("/api/test-fault/terminated", async () => {
            throw terminated();
          });
          app.get("/api/test-fault/lost", async () => {
            throw lostMidQuery();
          });
          app.get("/api/test-fault/not-queryable", async () => {
            throw new Error("Client has encountered a connection error and is not queryable");
          });
          app.get("/api/test-fault/disk-full", async () => {
            throw new StorageFullError("families/f/children/1/photos/p.jpg", {
              cause: Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }),
            });
          });
          app.get("/api/test-fault/unique", async () => {
            throw new DrizzleQueryError(
              "insert",
              [],
              Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR" }),
            );
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it("answers a lost connection 503 SERVICE_UNAVAILABLE with Retry-After, whatever the driver said", async () => {
    for (const fault of ["terminated", "lost", "not-queryable"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/test-fault/${fault}` });
      expect(response.statusCode, fault).toBe(503);
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        code: commonErrorCodes.unavailable,
        message: expect.stringMatching(/try again/i),
      });
    }
  });

  it("answers a full disk 507 STORAGE_FULL with a message a parent can act on", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/test-fault/disk-full" });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      code: commonErrorCodes.storageFull,
      message: expect.stringMatching(/storage is full.*Nothing was saved/),
    });
  });

  it("keeps other database errors what they were: a fault of ours is still a 500", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/test-fault/unique" });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(commonErrorCodes.internal);
  });

  it("tells a lost connection from other failures, and a read from a statement that acts", () => {
    expect(isTransientDatabaseError(terminated())).toBe(true);
    expect(
      isTransientDatabaseError(Object.assign(new Error("x"), { code: "08006", severity: "FATAL" })),
    ).toBe(true);
    expect(
      isTransientDatabaseError(
        new DrizzleQueryError("select 1", [], Object.assign(new Error("connect"), { code: "ECONNREFUSED" })),
      ),
    ).toBe(true);
    // A storage or mail provider's refused connection is not the database's.
    expect(isTransientDatabaseError(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(
      false,
    );
    expect(
      isTransientDatabaseError(Object.assign(new Error("x"), { code: "23505", severity: "ERROR" })),
    ).toBe(false);

    expect(isReadOnlyStatement('select "id" from "child" where "id" = $1')).toBe(true);
    expect(isReadOnlyStatement("  /* x */ SELECT 1")).toBe(true);
    for (const acting of [
      'insert into "child" values ($1)',
      "update child set age = 1",
      'select 1 from "child" where "id" = $1 for update',
      "select pg_notify('jobs', '')",
      "select pg_advisory_lock(1)",
      "select nextval('s')",
      "with gone as (delete from child returning id) select * from gone",
      "select 1; delete from child",
    ]) {
      expect(isReadOnlyStatement(acting), acting).toBe(false);
    }
  });
});

// Killing connections needs a server with backends to kill: CI's PostgreSQL pass runs this.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("connections killed under load (PostgreSQL)", () => {
  let t: TestApp;
  let admin: pg.Client;
  let ada: TestParent;
  let childId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new pg.Client({ connectionString: t.databaseUrl ?? "" });
    await admin.connect();
    ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    await acceptConsent(t.app, ada);
    const added = await postAs(t.app, "/api/children/add", ada, ada.familyId, {
      firstName: "Luna",
      age: 5,
      gender: "girl",
    });
    expect(added.statusCode, added.body).toBe(200);
    childId = added.json().id;
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /** The backends of this database waiting for a lock the admin connection holds. */
  async function lockWaiters(): Promise<number[]> {
    // The admin reads inside its own transaction, where pg_stat_activity is a snapshot kept until
    // the transaction ends: drop it, so each look sees the backends as they are now.
    await admin.query("select pg_stat_clear_snapshot()");
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    return rows.map((row) => row.pid);
  }

  /** Polls until at least `count` backends wait on the lock (bounded: fails after 20 s). */
  async function waitForWaiters(count: number): Promise<number[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const pids = await lockWaiters();
      if (pids.length >= count) return pids;
      if (Date.now() > deadline)
        throw new Error(`only ${pids.length} of ${count} backends waited on the lock`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Holds `lock` until `count` backends wait on it, terminates exactly those (as an operator's
   * pg_terminate_backend or a failover would, mid-statement), then lets everything else through.
   */
  async function killWaiters(lock: string, count: number, during: () => Promise<unknown>): Promise<number> {
    await admin.query("begin");
    await admin.query(lock);
    const work = during();
    try {
      const pids = await waitForWaiters(count);
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]);
      return pids.length;
    } finally {
      await admin.query("commit");
      await work;
    }
  }

  it("sends a read again once on a fresh connection when its connection is killed mid-statement", async () => {
    let read: Promise<{ rows: Record<string, unknown>[] }> | null = null;
    await killWaiters("lock table child in access exclusive mode", 1, async () => {
      read = t.database.executeSql("select count(*)::int as children from child");
      await read.catch(() => undefined);
    });
    await expect(read).resolves.toEqual({ rows: [{ children: 1 }] });
  });

  it("answers a transaction whose connection is killed 503 with Retry-After, and keeps serving", async () => {
    // EXCLUSIVE lets plain reads through and stops the transaction's `for update` on the family.
    let added: Awaited<ReturnType<typeof postAs>> | null = null;
    await killWaiters("lock table organization in exclusive mode", 1, async () => {
      added = await postAs(t.app, "/api/children/add", ada, ada.familyId, {
        firstName: "Theo",
        age: 3,
        gender: "boy",
      });
    });
    const response = added as unknown as Awaited<ReturnType<typeof postAs>>;
    expect(response.statusCode, response.body).toBe(503);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.json().code).toBe(commonErrorCodes.unavailable);
    expect((await postAs(t.app, "/api/children/get", ada, ada.familyId)).statusCode).toBe(200);
  });

  it("answers no 500 while every connection in use is killed, round after round", async () => {
    const poolMax = 5; // test/test-database.ts
    const statuses = new Map<string, number[]>();
    let killed = 0;
    for (let round = 0; round < 3; round++) {
      const replies: Promise<void>[] = [];
      killed += await killWaiters(
        "lock table child, studio_intro_seen in access exclusive mode",
        poolMax,
        () => {
          for (let index = 0; index < 30; index++) {
            const [url, body] =
              index % 2 === 0
                ? (["/api/children/get", {}] as const)
                : (["/api/children/studio-intro/seen", { childId }] as const);
            replies.push(
              postAs(t.app, url, ada, ada.familyId, body).then((response) => {
                const key = `${url} ${response.statusCode}`;
                statuses.set(key, [...(statuses.get(key) ?? []), 1]);
                if (response.statusCode === 503) {
                  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
                  expect(response.json().code).toBe(commonErrorCodes.unavailable);
                }
              }),
            );
          }
          return Promise.all(replies);
        },
      );
    }
    const counts = Object.fromEntries([...statuses].map(([key, hits]) => [key, hits.length]));
    expect(killed).toBeGreaterThanOrEqual(3 * poolMax);
    // Reads never fail: each was sent again on a fresh connection. Writes answer 200 or 503.
    expect(counts["/api/children/get 200"]).toBe(45);
    expect(Object.keys(counts).filter((key) => !/ (200|503)$/.test(key))).toEqual([]);
    expect(
      (counts["/api/children/studio-intro/seen 200"] ?? 0) +
        (counts["/api/children/studio-intro/seen 503"] ?? 0),
    ).toBe(45);
  }, 60_000);
});
