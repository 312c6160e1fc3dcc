import pino from "pino";
import { createApp } from "./app";
import { createAuth } from "./auth/create-auth";
import { resolveAuthSecret } from "./config/auth-secret";
import { EnvError, loadEnv } from "./config/env";
import { loggerOptions } from "./config/logger";
import { connectDatabase } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { jobs } from "./jobs";
import { startQueue } from "./jobs/queue";
import { startWorker } from "./jobs/worker";

/** Composition root: env → database → queue → HTTP app and/or worker, by ROLE. */
async function main(): Promise<void> {
  const env = loadEnv();
  const options = loggerOptions(env);
  const logger = pino(options === false ? { enabled: false } : (options as pino.LoggerOptions));
  const runsApi = env.ROLE !== "worker";
  const runsWorker = env.ROLE !== "api";

  const database = await connectDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    poolMax: env.DATABASE_POOL_MAX,
  });
  await applyMigrations(database);
  logger.info(
    { database: database.kind === "pglite" ? `PGlite in ${env.dataDir}` : "PostgreSQL" },
    "database ready",
  );

  const queue = await startQueue(database, {
    databaseUrl: env.DATABASE_URL,
    supervise: runsWorker,
    onError: (error) => logger.error({ err: error }, "job queue error"),
  });

  const auth = createAuth({
    db: database.db,
    secret: await resolveAuthSecret(env),
    publicUrl: env.publicUrl,
    appName: env.APP_NAME,
  });

  const closers: (() => Promise<void>)[] = [];
  if (runsWorker) {
    await startWorker({
      boss: queue.boss,
      jobs,
      deps: {},
      logger,
      pollingIntervalSeconds: env.QUEUE_POLL_INTERVAL_SECONDS,
    });
  }
  if (runsApi) {
    const app = await createApp({ env, database, auth, queue, logger: options });
    await app.listen({ host: env.HOST, port: env.PORT });
    closers.push(() => app.close());
    logger.info(`${env.APP_NAME} is running at ${env.publicUrl}`);
  }
  // Stop taking requests first, then let running jobs finish, then close the database.
  closers.push(
    () => queue.stop(),
    () => database.close(),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    for (const close of closers) {
      await close().catch((error: unknown) => logger.error({ err: error }, "error while shutting down"));
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("Failed to start:", error);
  }
  process.exit(1);
});
