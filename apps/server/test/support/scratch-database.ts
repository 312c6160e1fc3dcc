import type pg from "pg";

/** The URL of database `name` on the same server as `url`. */
export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Drops a scratch database once nobody is connected any more. A closed pool (ours, pg-boss's)
 * resolves before its sockets have said goodbye; dropping "with (force)" at once would kill them
 * mid-exit and surface as an unhandled 57P01 error in the process that owned them.
 */
export async function dropDatabaseOnceIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = $1",
      [name],
    );
    if (rows[0]?.count === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}
