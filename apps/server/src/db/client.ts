import { mkdir } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { isReadOnlyStatement, isTransientDatabaseError } from "../lib/db-errors";
import * as schema from "./schema";

/**
 * One handle type for both drivers. The two drivers' own types differ only in their query-result
 * type; a union of them breaks `.returning()` in tsc, so domain code sees this common base.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type SqlRows = { rows: Record<string, unknown>[] };

export type DatabaseConnection = {
  kind: "pglite" | "postgres";
  db: Database;
  /** Raw SQL for infrastructure (pg-boss, readiness): multi-statement text without values is allowed. */
  executeSql(text: string, values?: unknown[]): Promise<SqlRows>;
  /**
   * Runs `work` while holding a database-wide advisory lock, so that several instances starting at
   * once (e.g. migrations) take turns. PGlite is single-process, so it simply runs `work`.
   */
  withExclusiveLock<T>(lockKey: number, work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel`, from any process on the same database, until
   * the returned function is called. PostgreSQL: one dedicated connection outside the pool,
   * reconnected when lost; PGlite: its own listener (one process).
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's connections (for metrics); null on PGlite, which has none. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax?: number;
  /** Open an existing PGlite data directory dump instead of a folder (tests copy a migrated template). */
  pgliteDump?: Blob;
};

export async function connectDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.poolMax ?? 10)
    : connectPglite(options);
}

async function connectPglite(options: DatabaseOptions): Promise<DatabaseConnection> {
  if (options.pgliteDump) return wrapPglite(await PGlite.create({ loadDataDir: options.pgliteDump }));
  // PGlite creates only the last folder of its path, so the data directory must exist first.
  await mkdir(options.dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(path.join(options.dataDir, "pglite")));
}

/**
 * The most PGlite work one event-loop turn starts before further statements wait for the next turn.
 * PGlite runs every statement synchronously on this thread, and Node's libuv accepts one new
 * connection per turn (libuv#3696): without a bound, a busy turn ran the statements of every request
 * in flight (50 connections: 0.2–0.3 s a turn), and connections opened meanwhile waited seconds in
 * the kernel's accept queue.
 */
const PGLITE_TURN_BUDGET_MS = 4;

/**
 * Answers nothing while the current turn has done less than `budgetMs` of work since its first
 * statement, else a promise of the next turn (setImmediate: after the poll phase, which accepts).
 */
function turnBudget(budgetMs: number): () => Promise<void> | undefined {
  let turnOpen = false;
  let turnStart = 0;
  const closeTurn = () => {
    turnOpen = false;
  };
  return () => {
    const now = performance.now();
    if (!turnOpen) {
      turnOpen = true;
      turnStart = now;
      setImmediate(closeTurn);
      return undefined;
    }
    if (now - turnStart < budgetMs) return undefined;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
}

/**
 * Runs the instance's statements (query, exec, and each transaction as a whole) one after another
 * in arrival order, each starting only within the turn budget. PGlite already runs them one at a
 * time (query and transaction share one lock), so the order is all this adds: the budget is checked
 * when a statement is about to run, after the work before it, which also bounds a burst sent at once.
 * Statements inside a transaction go through its own handle and are not held back.
 */
function shareTurns(client: PGlite): void {
  const nextTurn = turnBudget(PGLITE_TURN_BUDGET_MS);
  let tail: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(async () => {
      for (let wait = nextTurn(); wait; wait = nextTurn()) await wait;
      return run();
    });
    tail = result.catch(() => undefined);
    return result;
  };
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<PGlite["query"]>) =>
    inOrder(() => query.apply(client, args))) as PGlite["query"];
  client.exec = (...args: Parameters<PGlite["exec"]>) => inOrder(() => exec.apply(client, args));
  client.transaction = ((...args: Parameters<PGlite["transaction"]>) =>
    inOrder(() => transaction.apply(client, args))) as PGlite["transaction"];
}

/** The product's connection over an open PGlite instance (which it then owns and closes). */
export function wrapPglite(client: PGlite): DatabaseConnection {
  shareTurns(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // `query` refuses several statements in one string; `exec` takes them and returns one result
      // per statement, flattened here into the single rows list callers expect.
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows as Record<string, unknown>[]) };
    },
    withExclusiveLock: (_lockKey, work) => work(db),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    poolStats: () => null,
    close: () => client.close(),
  };
}

async function connectPostgres(databaseUrl: string, poolMax: number): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor may a checked-out one (a transaction's): pg-pool listens only while a client is idle, and a
  // connection ended under a transaction (pg_terminate_backend, a failover) emitted an "error" no one
  // heard, which killed the process. The statement that was running fails on its own, and the pool
  // drops the client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  retryReadsOnce(pool);
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    kind: "postgres",
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement query returns an array of results.
      const results = Array.isArray(result) ? result : [result];
      return { rows: results.flatMap((r: pg.QueryResult) => r.rows ?? []) };
    },
    async withExclusiveLock(lockKey, work) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [lockKey]);
        try {
          return await work(drizzleNodePg(client, { schema }) as unknown as Database);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [lockKey]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listenPostgres(databaseUrl, channel, onPayload),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * A read on the pool (every statement outside a transaction; a transaction runs on a client it
 * checked out, which this leaves alone) that fails because its connection was lost is sent once
 * more: the pool has dropped the dead client, so the second try runs on a live one. A read done
 * twice changes nothing. Writes and transactions are never repeated here (the first may have
 * committed before the connection died); their failure reaches the error handler as a 503.
 */
function retryReadsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const textOf = (config: unknown) =>
    typeof config === "string"
      ? config
      : typeof config === "object" &&
          config !== null &&
          typeof (config as { text?: unknown }).text === "string"
        ? (config as { text: string }).text
        : null;
  pool.query = ((...args: unknown[]) => {
    const [config] = args;
    const text = textOf(config);
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === "function";
    // Callback style and streams (neither used by our code) go through untouched.
    if (submittable || args.some((arg) => typeof arg === "function") || !text || !isReadOnlyStatement(text)) {
      return query(...args);
    }
    return query(...args).catch((error: unknown) => {
      if (!isTransientDatabaseError(error)) throw error;
      return query(...args);
    });
  }) as typeof pool.query;
}

const RELISTEN_DELAY_MS = 2_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others). When the connection
 * drops it tries again every few seconds; meanwhile callers still poll, so nothing is lost but speed.
 */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel === channel) onPayload(message.payload ?? "");
    });
    next.on("error", () => {
      if (client === next) client = null;
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_DELAY_MS);
    });
    await next.connect();
    // The channel is ours (a constant), never user input: quoted as an identifier all the same.
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}
