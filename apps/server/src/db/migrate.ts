import { readFile } from "node:fs/promises";
import path from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../config/paths";
import type { DatabaseConnection } from "./client";

/** Arbitrary but fixed: every instance agrees on it, nothing else in the product uses it. */
const MIGRATION_LOCK_KEY = 727_001;

type Journal = { entries: { idx: number; when: number; tag: string }[] };

/** Applies pending migrations; safe to call from several instances starting at the same time. */
export async function applyMigrations(connection: DatabaseConnection): Promise<void> {
  await connection.withExclusiveLock(MIGRATION_LOCK_KEY, async (db) => {
    const config = { migrationsFolder: migrationsDir };
    if (connection.kind === "pglite") {
      await migratePglite(db as Parameters<typeof migratePglite>[0], config);
    } else {
      await migrateNodePg(db as Parameters<typeof migrateNodePg>[0], config);
    }
  });
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
