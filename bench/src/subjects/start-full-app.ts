import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Env, loadEnv } from "@wonderkin/server/env";
import { startRuntime } from "@wonderkin/server/runtime";
import type { RunningServer } from "../harness/benchmark";
import { freePort } from "../harness/free-port";
import { createPostgresDatabase, type PostgresDatabase } from "./postgres-database";

export type FullAppOptions = {
  /** Settings on top of the fixed ones below (e.g. FACE_DETECTION=off, PHOTOS_MIN_PER_CHILD=3). */
  env?: Record<string, string>;
  /**
   * Runs the job worker in the same process, as a single-process deployment (ROLE=all) does. Off by
   * default: a benchmark of the request path only gets noise from its polling.
   */
  worker?: boolean;
  /** A PostgreSQL server (postgres://…): a database is created for the run and dropped after it. */
  postgresUrl?: string;
  /**
   * An existing PostgreSQL database (postgres://…/name), used as it is: neither created nor
   * dropped, so that a second instance can run on the data of one before it (or through a proxy).
   */
  databaseUrl?: string;
};

/**
 * Production refuses PostgreSQL without a shared secret. A fixed one: every instance on one database
 * must read the sessions the others signed.
 */
export const BENCH_AUTH_SECRET = "bench-auth-secret-".padEnd(48, "x");

/** The running product, with what a benchmark may want to know or read of it. */
export type FullApp = RunningServer & {
  /**
   * The settings it runs with, as the product parsed them (defaults filled in); `env.dataDir` is its
   * temporary folder (media under `media/`), removed by `close`.
   */
  env: Env;
  /**
   * Reads the product's own database through its connection (raw SQL, pg-boss's tables included),
   * e.g. a row's server-side timestamps after a measurement. Not for use while something is timed:
   * on PGlite every statement runs on the product's thread.
   */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * The server's throughput settings a benchmark of the studio takes from the shell, when set there,
 * so a run can try other values (`RENDER_CONCURRENCY=8 npm run bench -- studio-throughput`). Only
 * these: everything else stays as the benchmark fixes it.
 */
export const SERVER_TUNING_KEYS = [
  "RENDER_CONCURRENCY",
  "TRAINING_CONCURRENCY",
  "WORKER_THREADS",
  // On by default, as in production; off only to measure what the child-safety screen costs.
  "SAFETY_SCREENING",
  // On by default, as in production (every photo and portrait checked for the child's face);
  // a benchmark that measures something else may turn it off.
  "FACE_DETECTION",
] as const;

export function serverTuningFromEnv(
  source: Record<string, string | undefined> = process.env,
): Record<string, string> {
  return Object.fromEntries(
    SERVER_TUNING_KEYS.flatMap((key) => {
      const value = source[key];
      return value === undefined || value === "" ? [] : [[key, value]];
    }),
  );
}

/** "RENDER_CONCURRENCY 4, WORKER_THREADS 2": the throughput settings a run had, for its conditions. */
export function describeServerTuning(env: Env): string {
  return `RENDER_CONCURRENCY ${env.RENDER_CONCURRENCY}, TRAINING_CONCURRENCY ${env.TRAINING_CONCURRENCY}, WORKER_THREADS ${env.workerThreads}, SAFETY_SCREENING ${env.SAFETY_SCREENING} (${env.SAFETY_MODEL}), FACE_DETECTION ${env.FACE_DETECTION}`;
}

/**
 * The whole product exactly as main.ts starts it (migrated database, auth, job queue, every plugin
 * and hook), on a fresh database: embedded in a temporary folder, or a new one on a PostgreSQL
 * server. The environment is given explicitly instead of read from the shell, so a developer's
 * DATABASE_URL or LOG_LEVEL cannot change what is measured.
 */
export async function startFullApp(options: FullAppOptions = {}): Promise<FullApp> {
  // Media (photos, portraits) stay on local disk in this folder on either database.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-"));
  let database: PostgresDatabase | null = null;
  const cleanUp = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.postgresUrl) database = await createPostgresDatabase(options.postgresUrl);
    const databaseUrl = database?.url ?? options.databaseUrl;
    // The port is chosen before the start because the app must know its own address: Better Auth
    // trusts only that origin, and e-mailed links point to it.
    const port = await freePort();
    const env = loadEnv({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_SECRET: BENCH_AUTH_SECRET } : {}),
      ...options.env,
    });
    const runtime = await startRuntime(env, { worker: options.worker ?? false });
    if (!runtime.origin) {
      await runtime.close();
      throw new Error("the full app did not start its HTTP server");
    }
    return {
      origin: runtime.origin,
      env: runtime.env,
      query: (text, values) => runtime.database.executeSql(text, values),
      close: async () => {
        await runtime.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
