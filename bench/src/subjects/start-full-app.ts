import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadEnv } from "@wonderkin/server/env";
import { startRuntime } from "@wonderkin/server/runtime";
import type { RunningServer } from "../harness/benchmark";

/**
 * The whole product exactly as main.ts starts it (migrated database, auth, job queue, every plugin
 * and hook), on a fresh embedded database in a temporary folder. The environment is given
 * explicitly instead of read from the shell, so a developer's DATABASE_URL or LOG_LEVEL cannot
 * change what is measured. The worker is left out: it is not on the request path, and its polling
 * would only add noise.
 */
export async function startFullApp(): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-"));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    const env = loadEnv({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
    });
    const runtime = await startRuntime(env, { worker: false });
    if (!runtime.origin) throw new Error("the full app did not start its HTTP server");
    return {
      origin: runtime.origin,
      close: async () => {
        await runtime.close();
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}
