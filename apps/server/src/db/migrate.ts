import { readFile } from "node:fs/promises";
import path from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../config/paths";
import type { Database, DatabaseConnection } from "./client";

/**
 * Arbitrary but fixed: every instance agrees on it, nothing else in the product uses it. A starting
 * server holds it for every step that changes the schema (migrations, the job queue's tables and
 * queues), so any number of processes can start at the same instant.
 */
export const SCHEMA_LOCK_KEY = 727_001;

type Journal = { entries: { idx: number; when: number; tag: string }[] };

/** Applies pending migrations; safe to call from several instances starting at the same time. */
export async function applyMigrations(connection: DatabaseConnection): Promise<void> {
  await connection.withExclusiveLock(SCHEMA_LOCK_KEY, (db) => migrateWith(connection.kind, db));
}

/** Applies pending migrations through `db`, for a caller already holding SCHEMA_LOCK_KEY. */
export async function migrateWith(kind: DatabaseConnection["kind"], db: Database): Promise<void> {
  const config = { migrationsFolder: migrationsDir };
  if (kind === "pglite") {
    await migratePglite(db as Parameters<typeof migratePglite>[0], config);
  } else {
    await migrateNodePg(db as Parameters<typeof migrateNodePg>[0], config);
  }
}

export type MigrationStatus = { expected: number; applied: number; upToDate: boolean };

/** Compares the migrations shipped with this build to those recorded in the database. */
export async function readMigrationStatus(connection: DatabaseConnection): Promise<MigrationStatus> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsDir, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const latest = journal.entries.at(-1);
  const { rows } = await connection.executeSql(
    "select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations",
  );
  const applied = Number(rows[0]?.applied ?? 0);
  const latestApplied = rows[0]?.latest == null ? null : Number(rows[0].latest);
  return {
    expected: journal.entries.length,
    applied,
    // drizzle records each migration's journal timestamp. During a rolling deploy a newer build may
    // already have applied later migrations, which must not take this instance out of rotation.
    upToDate: latest === undefined || (latestApplied !== null && latestApplied >= latest.when),
  };
}
