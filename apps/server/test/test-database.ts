import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import os from "node:os";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/db/client";
import { databaseUrlWithName, dropDatabaseOnceIdle } from "./support/scratch-database";

export const testDatabasePrefix = "wk_test_";

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
        await dropDatabaseOnceIdle(admin, name);
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
