import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { type Runtime, startRuntime } from "../../src/runtime";
import { databaseUrlWithName, dropDatabaseOnceIdle } from "../support/scratch-database";

/**
 * Two API processes and a worker started at the same instant on an empty PostgreSQL database (as an
 * orchestrator starts a deployment): every one must come up — migrations, pg-boss's schema and its
 * queues are created once, under the schema lock, instead of deadlocking.
 */
const serverUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "wonderkin-start-together-"));
const runtimes: Runtime[] = [];
let admin: pg.Client | null = null;
const name = `wk_start_${randomBytes(4).toString("hex")}`;

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  if (admin) {
    await dropDatabaseOnceIdle(admin, name);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!serverUrl)("starting several processes at once on PostgreSQL", () => {
  it("brings every API and worker process up on an empty database", async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const common = {
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATABASE_URL: databaseUrlWithName(serverUrl ?? "", name),
      AUTH_SECRET: "a-shared-secret-that-is-long-enough-for-all",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      STORAGE_LOCAL_SHARED: "true",
      WORKER_THREADS: "1",
      WEB_DIST_DIR: dataDir,
    };
    const started = await Promise.allSettled(
      (["api", "api", "worker"] as const).map((role) => startRuntime(loadEnv({ ...common, ROLE: role }))),
    );
    for (const outcome of started) if (outcome.status === "fulfilled") runtimes.push(outcome.value);
    expect(started.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "up"))).toEqual(
      ["up", "up", "up"],
    );
    for (const runtime of runtimes.filter((item) => item.origin)) {
      const ready = await fetch(`${runtime.origin}/api/ready`);
      expect(ready.status).toBe(200);
    }
    const database = new pg.Client({ connectionString: databaseUrlWithName(serverUrl ?? "", name) });
    await database.connect();
    const { rows } = await database.query<{ queues: number }>(
      "select count(*)::int as queues from pgboss.queue",
    );
    await database.end();
    expect(rows[0]?.queues).toBeGreaterThan(5);
    // The worker keeps its image thread warm for renders; an API process has none until a photo
    // comes, so an idle API instance does not hold the face detector's memory.
    expect(runtimes.map((runtime) => [runtime.env.ROLE, runtime.imageWork.threadsRunning()])).toEqual([
      ["api", 0],
      ["api", 0],
      ["worker", 1],
    ]);
  });
});
