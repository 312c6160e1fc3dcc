import { randomBytes } from "node:crypto";
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
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        // A closed pool resolves before its sockets have said goodbye; dropping "with (force)" then
        // would kill them mid-exit and surface as an unhandled error in this process.
        await waitUntilDisconnected(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
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
