import { setUserDisabled } from "../modules/users/set-user-disabled";
import { runCommand, withDatabase } from "./with-database";

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
  return withDatabase(async (database) => {
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
  });
}

runCommand(main(process.argv.slice(2)));
