import { healthResponseSchema, readyResponseSchema } from "@wonderkin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(() => testApp.close());

describe("GET /api/health", () => {
  it("answers while the process runs", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json()).status).toBe("ok");
  });
});

describe("GET /api/ready", () => {
  it("is ready with the database reachable, migrations applied and the queue started", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(200);
    const body = readyResponseSchema.parse(response.json());
    expect(body.status).toBe("ready");
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations.ok).toBe(true);
    expect(body.checks.queue.ok).toBe(true);
  });

  it("is not ready when a migration of this build is missing from the database", async () => {
    const { rows } = await testApp.database.executeSql(
      "select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    const latest = rows[0] as { id: number; hash: string; created_at: string };
    await testApp.database.executeSql("delete from drizzle.__drizzle_migrations where id = $1", [latest.id]);
    try {
      const response = await testApp.app.inject({ method: "GET", url: "/api/ready" });
      expect(response.statusCode).toBe(503);
      const body = readyResponseSchema.parse(response.json());
      expect(body.status).toBe("not_ready");
      expect(body.checks.migrations.ok).toBe(false);
      expect(body.checks.database.ok).toBe(true);
    } finally {
      await testApp.database.executeSql(
        "insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)",
        [latest.id, latest.hash, latest.created_at],
      );
    }
  });

  it("is not ready when the job queue has stopped, and says so without internals", async () => {
    await testApp.queue.stop();
    const response = await testApp.app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(503);
    expect(readyResponseSchema.parse(response.json()).checks.queue).toEqual({
      ok: false,
      detail: "job queue not started",
    });
  });
});
