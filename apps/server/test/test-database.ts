import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import os from "node:os";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/db/client";

export const testDatabasePrefix = "wk_test_";

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export type TestDatabase = { connection: DatabaseConnection; databaseUrl?: string; drop(): Promise<void> };

/** A private, migrated copy of the run's template database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const postgres = inject("postgresTemplate");
  if (postgres) {
    const name = `${testDatabasePrefix}${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgres.serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgres.templateName}`);
    const databaseUrl = databaseUrlWithName(postgres.serverUrl, name);
    const connection = await connectDatabase({ databaseUrl, dataDir: os.tmpdir(), poolMax: 5 });
    return {
      connection,
      databaseUrl,
      async drop() {
        await connection.close();
        // A closed pool (ours, pg-boss's) resolves before its sockets have said goodbye; dropping
        // "with (force)" then would kill them mid-exit and surface as an unhandled 57P01 error.
        await waitUntilDisconnected(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const file = inject("pgliteTemplateFile");
  if (!file) throw new Error("the test template database was not prepared (global setup)");
  const dump = new Blob([await readFile(file)], { type: "application/x-gzip" });
  const connection = await connectDatabase({ dataDir: os.tmpdir(), pgliteDump: dump });
  return { connection, drop: () => connection.close() };
}

async function waitUntilDisconnected(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = $1",
      [name],
    );
    if (rows[0]?.count === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
