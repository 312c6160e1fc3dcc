import type { Database } from "../../src/db/client";

type QueryResult = { rows: unknown[] };
type QueryClient = { query(...args: unknown[]): Promise<QueryResult> };

export type WatchedRead = { sql: string; rows: number };

const sqlOf = (first: unknown) =>
  typeof first === "string" ? first : ((first as { text?: string } | null)?.text ?? "");

/**
 * Watches the driver under the Drizzle handle (PGlite or the node-postgres pool, both answer
 * `query`): every read of `table` outside a transaction is recorded with the number of rows it
 * returned, which is how a test proves that a job never loads more than one batch at once. `fail`
 * makes matching statements throw instead of running, to stop a job part-way as a crash would.
 */
export function watchQueries(
  db: Database,
  options: { table: string; fail?: (sql: string) => boolean },
): { reads: WatchedRead[]; restore(): void } {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const own = Object.hasOwn(client, "query");
  const original = client.query;
  const reads: WatchedRead[] = [];
  client.query = async function watched(this: QueryClient, ...args: unknown[]) {
    const sql = sqlOf(args[0]);
    if (options.fail?.(sql)) throw new Error(`stopped by the test before: ${sql}`);
    const result = await original.apply(this, args);
    if (/^\s*select\b/i.test(sql) && sql.includes(`from "${options.table}"`)) {
      reads.push({ sql, rows: result.rows.length });
    }
    return result;
  };
  return {
    reads,
    restore() {
      if (own) client.query = original;
      else delete (client as Partial<QueryClient>).query;
    },
  };
}

/** The reads that walked due rows batch by batch (keyset reads carry a limit). */
export const batchReads = (reads: WatchedRead[]) => reads.filter((read) => /\blimit\b/i.test(read.sql));

/**
 * Records every statement sent through the Drizzle handle's driver (PGlite, or the node-postgres
 * pool) until restored: how a test counts what one request costs the database.
 */
export type RecordedStatement = { sql: string; params: unknown[] };

export function recordStatements(db: Database): { statements: RecordedStatement[]; restore(): void } {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const own = Object.hasOwn(client, "query");
  const original = client.query;
  const statements: RecordedStatement[] = [];
  client.query = function recorded(this: QueryClient, ...args: unknown[]) {
    const first = args[0] as { values?: unknown[] } | string;
    const params = Array.isArray(args[1]) ? args[1] : typeof first === "object" ? (first?.values ?? []) : [];
    statements.push({ sql: sqlOf(first), params });
    return original.apply(this, args);
  };
  return {
    statements,
    restore() {
      if (own) client.query = original;
      else delete (client as Partial<QueryClient>).query;
    },
  };
}
