import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase, type DatabaseConnection, wrapPglite } from "../src/db/client";
import { applyMigrations } from "../src/db/migrate";
import { startQueue } from "../src/jobs/queue";
import { singleFacePictures } from "./support/face-pictures";
import { databaseUrlWithName } from "./support/scratch-database";
import { testDatabasePrefix } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump that each test file loads. */
    pgliteTemplateFile: string | null;
    /** PostgreSQL: the server's URL and the migrated template database each test file copies. */
    postgresTemplate: { serverUrl: string; templateName: string } | null;
    /** The local model's drawn style art, shared by every test app of the run (create-test-app.ts). */
    styleArtCacheDir: string;
  }
}

/** Migrations and pg-boss's own schema, so every copy starts like a freshly started product. */
async function prepare(connection: DatabaseConnection, databaseUrl?: string): Promise<void> {
  await applyMigrations(connection);
  const queue = await startQueue(connection, { databaseUrl, supervise: false, onError: () => {} });
  await queue.stop();
}

/**
 * Creating and migrating a database is the slow part of a test (PGlite ≈ 4 s): it happens once per
 * run, and every test file gets its own copy.
 */
export default async function setup(project: TestProject) {
  // Made once here (and cached on disk) rather than by each worker under load: see face-pictures.ts.
  await singleFacePictures();
  // One run's art, not kept across runs: a change to the art is never hidden by an older drawing.
  const styleArtCacheDir = await mkdtemp(path.join(os.tmpdir(), "wk-test-style-art-"));
  project.provide("styleArtCacheDir", styleArtCacheDir);
  const removeArt = () => rm(styleArtCacheDir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const templateName = `${testDatabasePrefix}tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName} with (force)`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = databaseUrlWithName(serverUrl, templateName);
    const connection = await connectDatabase({ databaseUrl: templateUrl, dataDir: os.tmpdir() });
    await prepare(connection, templateUrl);
    await connection.close();
    project.provide("pgliteTemplateFile", null);
    project.provide("postgresTemplate", { serverUrl, templateName });
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
      await removeArt();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), "wk-test-template-"));
  const client = await PGlite.create();
  const connection = wrapPglite(client);
  await prepare(connection);
  const file = path.join(dir, "template.tar.gz");
  await writeFile(file, Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()));
  await connection.close();
  project.provide("pgliteTemplateFile", file);
  project.provide("postgresTemplate", null);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await removeArt();
  };
}
