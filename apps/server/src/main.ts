import { readDotEnv } from "./config/dot-env";
import { EnvError, loadEnv } from "./config/env";
import { DataDirInUseError } from "./db/data-dir-lock";
import { startRuntime } from "./runtime";

/**
 * Entry point of every role: `node apps/server/dist/main.js` in production (what `npm start`,
 * `start:api` and `start:worker` run), `tsx src/main.ts` in development.
 */
async function main(): Promise<void> {
  readDotEnv();
  const env = loadEnv();
  const runtime = await startRuntime(env);
  const { logger } = runtime;
  if (runtime.app) logger.info({ role: env.ROLE }, `${env.APP_NAME} is running at ${env.publicUrl}`);
  else logger.info({ role: env.ROLE }, `${env.APP_NAME} worker started`);

  // One shutdown, however many signals arrive (a process manager often sends SIGTERM to the whole
  // process group, and a second Ctrl-C is common): HTTP drains its requests, the worker lets its jobs
  // finish within SHUTDOWN_GRACE_SECONDS and hands back the rest, then the database closes.
  let stopping = false;
  const deadlineMs = (env.SHUTDOWN_GRACE_SECONDS + 15) * 1000;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.info({ signal }, "already shutting down");
      return;
    }
    stopping = true;
    const started = Date.now();
    logger.info({ signal, role: env.ROLE }, "shutting down");
    setTimeout(() => {
      logger.error({ afterMs: deadlineMs }, "shutdown took too long, exiting");
      process.exit(1);
    }, deadlineMs).unref();
    runtime.close().then(
      () => {
        logger.info({ role: env.ROLE, tookMs: Date.now() - started }, "stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error("Failed to start:", error);
  process.exit(1);
});
