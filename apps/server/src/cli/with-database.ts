import { readDotEnv } from "../config/dot-env";
import { type Env, EnvError, loadEnv } from "../config/env";
import { connectDatabase, type DatabaseConnection } from "../db/client";
import { DataDirInUseError, lockDataDir } from "../db/data-dir-lock";
import { applyMigrations } from "../db/migrate";

/**
 * Runs an operator command against the configured database (the server's env): the embedded data
 * folder is locked for the duration, migrations are applied, and everything is closed afterwards.
 */
export async function withDatabase(
  run: (database: DatabaseConnection, env: Env) => Promise<number>,
): Promise<number> {
  readDotEnv();
  const env = loadEnv();
  const unlock = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  const database = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    await applyMigrations(database);
    return await run(database, env);
  } finally {
    await database.close();
    await unlock();
  }
}

/** Exits with the command's code; configuration and data-folder problems print their message only. */
export function runCommand(main: Promise<number>): void {
  main
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error instanceof EnvError || error instanceof DataDirInUseError ? error.message : error);
      process.exit(1);
    });
}
