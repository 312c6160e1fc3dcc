import { EnvError, loadEnv } from "../config/env";
import { connectDatabase } from "../db/client";
import { DataDirInUseError, lockDataDir } from "../db/data-dir-lock";
import { applyMigrations } from "../db/migrate";
import { setUserDisabled } from "../modules/users/set-user-disabled";

const usage = `Usage: npm run admin -- <command> [arguments]

Commands:
  disable-user <email>   end the account's sessions and refuse every sign-in
  enable-user <email>    allow the account to sign in again`;

/** Operator commands against the configured database (the same env as the server). */
async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if ((command !== "disable-user" && command !== "enable-user") || !email) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  const unlock = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  const database = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    await applyMigrations(database);
    const disabled = command === "disable-user";
    const result = await setUserDisabled(database.db, { email, disabled });
    if (!result.found) {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    console.log(
      disabled
        ? `Disabled ${email}; ended ${result.sessionsEnded} session(s). Signing in now shows "This account has been disabled."`
        : `Enabled ${email}; the account can sign in again.`,
    );
    return 0;
  } finally {
    await database.close();
    await unlock();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof EnvError || error instanceof DataDirInUseError ? error.message : error);
    process.exit(1);
  });
