import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { loadEnv } from "@wonderkin/server/env";
import { startRuntime } from "@wonderkin/server/runtime";
import type { RunningServer } from "../harness/benchmark";
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
};

/**
 * The whole product exactly as main.ts starts it (migrated database, auth, job queue, every plugin
 * and hook), on a fresh database: embedded in a temporary folder, or a new one on a PostgreSQL
 * server. The environment is given explicitly instead of read from the shell, so a developer's
 * DATABASE_URL or LOG_LEVEL cannot change what is measured.
 */
export async function startFullApp(options: FullAppOptions = {}): Promise<RunningServer> {
  // Media (photos, portraits) stay on local disk in this folder on either database.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-"));
  let database: PostgresDatabase | null = null;
  const cleanUp = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.postgresUrl) database = await createPostgresDatabase(options.postgresUrl);
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
      // Production refuses PostgreSQL without a shared secret; any will do for one process.
      ...(database ? { DATABASE_URL: database.url, AUTH_SECRET: "bench-auth-secret-".padEnd(48, "x") } : {}),
      ...options.env,
    });
    const runtime = await startRuntime(env, { worker: options.worker ?? false });
    if (!runtime.origin) {
      await runtime.close();
      throw new Error("the full app did not start its HTTP server");
    }
    return {
      origin: runtime.origin,
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

/** A port nobody listens on right now, from the system's ephemeral range. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port")),
      );
    });
  });
}
