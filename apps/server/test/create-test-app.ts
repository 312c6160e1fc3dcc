import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { inject } from "vitest";
import { createApp } from "../src/app";
import { buildProviders } from "../src/build-providers";
import { composeDomain, type Domain } from "../src/compose-domain";
import { type Env, type EnvInput, loadEnv } from "../src/config/env";
import type { DatabaseConnection } from "../src/db/client";
import { connectDatabase } from "../src/db/client";
import { createImageWork, type ImageWork } from "../src/image-work/image-work";
import { type JobDeps, jobs } from "../src/job-registry";
import { jobSignalListener } from "../src/jobs/job-signal";
import { type Queue, startQueue } from "../src/jobs/queue";
import { prepareJobQueues, startWorker, type Worker } from "../src/jobs/worker";
import type { Auth } from "../src/modules/auth/better-auth/create-auth";
import type { PrivacyDeps } from "../src/modules/privacy/privacy-deps";
import type { SafetyScreen } from "../src/modules/safety/safety-screen";
import { likenessOutcomesOfLastDay } from "../src/modules/studio/rendering";
import type { StudioDeps } from "../src/modules/studio/studio-deps";
import { createMetrics } from "../src/observability/metrics";
import type { ImageModel } from "../src/providers/image-model/image-model";
import type { Mailer } from "../src/providers/mailer/mailer";
import type { Storage } from "../src/providers/storage/storage";
import { createSafetyDouble, type SafetyDouble } from "./support/safety";
import { TEST_AUTH_SECRET } from "./support/test-secret";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = {
  app: FastifyInstance;
  auth: Auth;
  env: Env;
  database: DatabaseConnection;
  /** The PostgreSQL database's address (null on PGlite), so a second instance can share it. */
  databaseUrl: string | null;
  queue: Queue;
  storage: Storage;
  /** Every deps object of the domain, built by the runtime's own composeDomain. */
  domain: Domain;
  /** The studio's domain deps, as the routes and the worker have them (tests run jobs directly). */
  studio: StudioDeps;
  /** Deletion, export and retention deps, as the routes and the worker have them. */
  privacy: PrivacyDeps;
  imageWork: ImageWork;
  /** What the worker hands every job (tests run jobs by hand with it). */
  jobDeps: JobDeps;
  /** The child-safety screen the app and the worker share (decision 0038). */
  safety: SafetyScreen;
  /**
   * The deterministic safety classifier the app runs by default (null when the test asked for the
   * real one, or for SAFETY_SCREENING=off): tests mark pictures unsafe with it and see what it saw.
   */
  safetyDouble: SafetyDouble | null;
  /** The job worker, when the app was created with `worker: true` (or after restartWorker). */
  readonly worker: Worker | null;
  /** Stops the worker (as SIGTERM would) and starts a new one on the same queues. */
  restartWorker(stopOptions?: { graceMs?: number }): Promise<void>;
  close(): Promise<void>;
};

type Overrides = Partial<Record<keyof EnvInput, string>>;

/**
 * The real application on its own copy of the database, driven in-process with `app.inject`.
 * Call once per file (beforeAll) and close it in afterAll.
 */
export async function createTestApp(
  overrides: Overrides = {},
  options: {
    /** Registers extra routes before the app is sealed, to exercise shared mechanisms (errors, headers). */
    extend?: (app: FastifyInstance) => void | Promise<void>;
    /** Replaces the outbox mailer (e.g. an SMTP mailer against a local server). */
    mailer?: Mailer;
    /** Replaces the storage chosen by the env (e.g. S3 against a local fake). */
    storage?: Storage;
    /** Replaces the image model chosen by the env (e.g. one that fails on purpose). */
    imageModel?: ImageModel;
    /** Also works the job queues, as a worker instance would (default: tests run jobs directly). */
    worker?: boolean;
    /**
     * Threads of the image-work pool (default 0: in-process, which is faster to start). Tests of the
     * pool itself and of the worker under load ask for real threads.
     */
    imageThreads?: number;
    /** Records Prometheus metrics (requests, jobs, queues) as the runtime does. */
    metrics?: boolean;
    /**
     * "real": the production classifier (nsfwjs in the image-work pool; ≈ 13 s to load). Default: a
     * deterministic double (`safetyDouble`), since loading the network in every test file would
     * cost minutes. SAFETY_SCREENING=off in the overrides turns screening off either way.
     */
    safetyClassifier?: "real";
    /** Replaces the image-work pool (e.g. one that counts what it is asked to do). */
    imageWork?: ImageWork;
    /** Fastify logger options, for tests of what gets logged (default: silent). */
    logger?: FastifyServerOptions["logger"];
    /**
     * Runs as a second instance on this app's PostgreSQL database (its own pool, auth and queue
     * client), as another API process would; closing it leaves the database to its first app.
     */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const testDatabase = options.sameDatabaseAs
    ? await connectAnotherInstance(options.sameDatabaseAs)
    : await createTestDatabase();
  // Each app has its own data folder, so a test can scan "everything stored" without seeing others.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "wonderkin-test-"));
  // The style art the local model draws (2048 × 2560, ≈ 0.4 s a layout) is shared by the run's test
  // apps, as a product instance keeps it across restarts: otherwise every file draws it again.
  mkdirSync(path.join(dataDir, "cache"));
  symlinkSync(inject("styleArtCacheDir"), path.join(dataDir, "cache", "style-art"));
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: "http://localhost:3000",
    LOCAL_TRAINING_SECONDS: "0",
    // Every test request comes from 127.0.0.1 and many go to one address: the e-mail limits'
    // own tests set them low (test/auth/email-send-limits.test.ts).
    EMAIL_SEND_RECIPIENT_LIMIT: "10000",
    EMAIL_SEND_CLIENT_LIMIT: "100000",
    ...overrides,
  });
  const { connection } = testDatabase;
  const queue = await startQueue(connection, {
    databaseUrl: testDatabase.databaseUrl,
    supervise: false,
    onError: (error) => {
      throw error;
    },
  });
  const secret = env.AUTH_SECRET ?? "";
  const imageWork = options.imageWork ?? createImageWork({ threads: options.imageThreads ?? 0 });
  const safetyDouble =
    options.safetyClassifier === "real" || env.SAFETY_SCREENING === "off" ? null : createSafetyDouble();
  // The runtime's own wiring, with only the providers a test asked to replace swapped in.
  const providers = buildProviders(
    env,
    { db: connection.db, logger: { info: () => {} }, secret, imageWork },
    {
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.storage ? { storage: options.storage } : {}),
      ...(options.imageModel ? { imageModel: options.imageModel } : {}),
      ...(safetyDouble ? { safetyClassifier: safetyDouble.classifier } : {}),
    },
  );
  const { storage } = providers;
  const metrics = options.metrics
    ? createMetrics({
        queueNames: jobs.map((job) => job.name),
        queueDepth: (name) => queue.boss.getQueueSize(name),
        poolStats: () => connection.poolStats(),
        likenessOutcomes: () => likenessOutcomesOfLastDay(connection.db),
      })
    : undefined;
  let worker: Worker | null = null;
  const wakeWorker = (queueName: string) => worker?.nudge(queueName);
  const domain = composeDomain({
    env,
    db: connection.db,
    secret,
    providers,
    imageWork,
    boss: queue.boss,
    logger: { warn: () => {} },
    wakeWorker,
    observeSafetyCheck: metrics?.observeSafetyCheck,
  });
  const { auth, studio, privacy, safety, jobDeps } = domain;
  const workerLogger = { info: () => {}, warn: () => {}, error: () => {} };
  const startJobWorker = () =>
    startWorker({
      boss: queue.boss,
      jobs,
      deps: jobDeps,
      logger: workerLogger,
      pollingIntervalSeconds: 0.5,
      // Short, so a test waiting on a retry does not wait long; new jobs come by signal anyway.
      idlePollingIntervalSeconds: 1,
      listenForJobs: jobSignalListener(connection.listen),
      ...(metrics ? { observe: metrics.observeJob } : {}),
    });
  await prepareJobQueues(queue.boss, jobs, { schedules: false });
  if (options.worker) worker = await startJobWorker();
  const app = await createApp({
    env,
    database: connection,
    domain,
    providers,
    queue,
    metrics,
    wakeWorker,
    logger: options.logger ?? false,
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    auth,
    env,
    database: connection,
    databaseUrl: testDatabase.databaseUrl ?? null,
    queue,
    storage,
    domain,
    studio,
    privacy,
    imageWork,
    jobDeps,
    safety,
    safetyDouble,
    get worker() {
      return worker;
    },
    async restartWorker(stopOptions) {
      await worker?.stop(stopOptions);
      worker = await startJobWorker();
    },
    async close() {
      await app.close();
      await worker?.stop({ graceMs: 0 });
      await imageWork.close();
      await providers.close();
      await queue.stop();
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function connectAnotherInstance(first: TestApp): Promise<TestDatabase> {
  const { databaseUrl } = first;
  if (!databaseUrl) throw new Error("a second instance needs PostgreSQL: PGlite belongs to one process");
  const connection = await connectDatabase({ databaseUrl, dataDir: os.tmpdir(), poolMax: 5 });
  return { connection, databaseUrl, drop: () => connection.close() };
}
