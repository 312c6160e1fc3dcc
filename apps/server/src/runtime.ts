import type { FastifyInstance } from "fastify";
import pino from "pino";
import { createApp } from "./app";
import { buildProviders } from "./build-providers";
import { composeDomain } from "./compose-domain";
import { resolveAuthSecret } from "./config/auth-secret";
import type { Env } from "./config/env";
import { loggerOptions } from "./config/logger";
import { connectDatabase, type DatabaseConnection } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { migrateWith, SCHEMA_LOCK_KEY } from "./db/migrate";
import { createImageWork, type ImageWork } from "./image-work/image-work";
import { jobs } from "./job-registry";
import { jobSignalListener } from "./jobs/job-signal";
import { type Queue, queuePoolMax, startQueue } from "./jobs/queue";
import { prepareJobQueues, startWorker, type Worker } from "./jobs/worker";
import type { Auth } from "./modules/auth/better-auth/create-auth";
import { likenessOutcomesOfLastDay } from "./modules/studio/rendering";
import { createMetrics } from "./observability/metrics";
import { startMetricsServer } from "./observability/metrics-server";

export type Runtime = {
  env: Env;
  database: DatabaseConnection;
  auth: Auth;
  queue: Queue;
  /** The CPU pool (photo checks, renders): warm in a process that renders, lazy in an API-only one. */
  imageWork: ImageWork;
  /** The HTTP app, listening, when the role serves the API. */
  app: FastifyInstance | null;
  /** The address the app listens on (useful with PORT=0). */
  origin: string | null;
  logger: pino.Logger;
  close(): Promise<void>;
};

/**
 * Builds and starts the product for `env`: database and migrations, job queue, providers, the
 * domain (auth among it), then by ROLE the HTTP app and/or the worker. This is the composition
 * root: every provider is built here once (buildProviders), the domain once (composeDomain), and
 * both are handed to the app and the worker, which build none of their own. main.ts and the benchmarks both start the product through here, so what is measured
 * is what runs. On failure, whatever was opened is closed again. (The CLIs in cli/ are separate
 * entry points that open only the database they need.)
 */
export async function startRuntime(env: Env, options: { worker?: boolean } = {}): Promise<Runtime> {
  const logOptions = loggerOptions(env);
  const logger = pino(logOptions === false ? { enabled: false } : (logOptions as pino.LoggerOptions));
  const runsApi = env.ROLE !== "worker";
  const runsWorker = (options.worker ?? true) && env.ROLE !== "api";
  // Closed in reverse order of opening: stop taking requests, let jobs finish, close the database.
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) {
      await closer().catch((error: unknown) => logger.error({ err: error }, "error while shutting down"));
    }
  };

  try {
    if (!env.DATABASE_URL) closers.push(await lockDataDir(env.dataDir));
    const database = await connectDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.dataDir,
      poolMax: env.DATABASE_POOL_MAX - queuePoolMax(env.DATABASE_POOL_MAX),
    });
    closers.push(() => database.close());
    // Every step that changes the schema runs under one advisory lock (decision 0023): migrations,
    // pg-boss's own tables, its queues and schedules. Processes starting at the same instant on an
    // empty database take turns instead of deadlocking.
    const queue = await database.withExclusiveLock(SCHEMA_LOCK_KEY, async (db) => {
      await migrateWith(database.kind, db);
      const started = await startQueue(database, {
        databaseUrl: env.DATABASE_URL,
        poolMax: queuePoolMax(env.DATABASE_POOL_MAX),
        supervise: runsWorker,
        onError: (error) => logger.error({ err: error }, "job queue error"),
      });
      closers.push(() => started.stop());
      await prepareJobQueues(started.boss, jobs, { schedules: runsWorker });
      return started;
    });
    logger.info(
      { database: database.kind === "pglite" ? `PGlite in ${env.dataDir}` : "PostgreSQL" },
      "database ready",
    );

    const secret = await resolveAuthSecret(env);
    // A process that renders keeps its threads warm; an API-only one (decision 0026) starts them at
    // its first photo and gives them back when uploads stop, ≈ 20 MiB each idle, more once the face
    // detector's weights are loaded.
    const imageWork = createImageWork({
      threads: env.workerThreads,
      eager: runsWorker,
      warmSafetyModel: env.SAFETY_SCREENING === "on" ? env.SAFETY_MODEL : null,
    });
    closers.push(() => imageWork.close());
    const providers = buildProviders(env, { db: database.db, logger, secret, imageWork });
    closers.push(() => providers.close());

    // Recorded only when someone can read them: no per-request cost otherwise.
    const metrics =
      env.METRICS_TOKEN || env.METRICS_PORT
        ? createMetrics({
            queueNames: jobs.map((job) => job.name),
            queueDepth: (name) => queue.boss.getQueueSize(name),
            poolStats: () => database.poolStats(),
            likenessOutcomes: () => likenessOutcomesOfLastDay(database.db),
          })
        : undefined;
    if (metrics && env.METRICS_PORT) {
      const metricsServer = await startMetricsServer({ metrics, host: env.HOST, port: env.METRICS_PORT });
      closers.push(() => metricsServer.close());
    }
    // With the worker in this process, a job sent here is picked up at once rather than at the next poll.
    let worker: Worker | null = null;
    const wakeWorker = (queueName: string) => worker?.nudge(queueName);
    // One domain for the app and the worker of this process (the tests build theirs the same way).
    const domain = composeDomain({
      env,
      db: database.db,
      secret,
      providers,
      imageWork,
      boss: queue.boss,
      logger,
      wakeWorker,
      observeSafetyCheck: metrics?.observeSafetyCheck,
    });
    if (runsWorker) {
      const started = await startWorker({
        boss: queue.boss,
        jobs,
        deps: domain.jobDeps,
        logger,
        pollingIntervalSeconds: env.QUEUE_POLL_INTERVAL_SECONDS,
        idlePollingIntervalSeconds: env.QUEUE_IDLE_POLL_INTERVAL_SECONDS,
        listenForJobs: jobSignalListener(database.listen),
        ...(metrics ? { observe: metrics.observeJob } : {}),
      });
      worker = started;
      closers.push(() => started.stop({ graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 }));
    }
    let app: FastifyInstance | null = null;
    let origin: string | null = null;
    if (runsApi) {
      app = await createApp({
        env,
        database,
        domain,
        providers,
        queue,
        metrics,
        wakeWorker,
        logger: logOptions,
      });
      const listening = app;
      closers.push(async () => {
        // Fastify stops accepting, answers 503 to requests arriving meanwhile, and waits for those
        // in flight; load balancers see /api/ready fail and move on.
        await listening.close();
        logger.info({}, "HTTP server closed");
      });
      origin = await app.listen({ host: env.HOST, port: env.PORT });
    }
    return { env, database, auth: domain.auth, queue, imageWork, app, origin, logger, close };
  } catch (error) {
    await close();
    throw error;
  }
}
