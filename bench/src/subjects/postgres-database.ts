import { randomBytes } from "node:crypto";
import { databaseUrlWithName, dropDatabaseOnceIdle } from "@wonderkin/server/test-fixtures/scratch-database";
import pg from "pg";

/** Databases of benchmark runs; a run that was killed leaves one behind under this prefix. */
const DATABASE_PREFIX = "wk_bench_";

export type PostgresDatabase = { url: string; drop(): Promise<void> };

/**
 * A new, empty database on the server at `serverUrl` (the app migrates it as it starts), so a run
 * never measures, or changes, data of another one. Dropped at the end of the run.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<PostgresDatabase> {
  const name = `${DATABASE_PREFIX}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  return {
    url: databaseUrlWithName(serverUrl, name),
    async drop() {
      try {
        await dropDatabaseOnceIdle(admin, name);
      } finally {
        await admin.end();
      }
    },
  };
}
