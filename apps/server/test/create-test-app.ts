import os from "node:os";
import type { FastifyInstance } from "fastify";
import { createApp } from "../src/app";
import { type Auth, createAuth } from "../src/auth/create-auth";
import { type Env, type EnvInput, loadEnv } from "../src/config/env";
import type { DatabaseConnection } from "../src/db/client";
import { type Queue, startQueue } from "../src/jobs/queue";
import { createMailer } from "../src/providers/mailer";
import type { Mailer } from "../src/providers/mailer/mailer";
import { createTestDatabase } from "./test-database";

export type TestApp = {
  app: FastifyInstance;
  auth: Auth;
  env: Env;
  database: DatabaseConnection;
  queue: Queue;
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
  } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: os.tmpdir(),
    AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    PUBLIC_URL: "http://localhost:3000",
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
  const mailer = options.mailer ?? createMailer({ env, db: connection.db, logger: { info: () => {} } });
  const auth = createAuth({ db: connection.db, env, secret: env.AUTH_SECRET ?? "", mailer });
  const app = await createApp({ env, database: connection, auth, mailer, queue, logger: false });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    auth,
    env,
    database: connection,
    queue,
    async close() {
      await app.close();
      await queue.stop();
      await testDatabase.drop();
    },
  };
}
