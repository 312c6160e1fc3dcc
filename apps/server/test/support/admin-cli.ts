import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../../src/config/paths";

const run = promisify(execFile);

export type AdminResult = { code: number; stdout: string; stderr: string };

/**
 * `npm run admin -- <args>` as an operator runs it, on an embedded database in `dataDir` (the CLI
 * opens, and on first use creates, it: seconds, more on a busy machine).
 */
export async function runAdmin(
  args: string[],
  options: { dataDir: string; env?: Record<string, string | undefined> },
): Promise<AdminResult> {
  try {
    const { stdout, stderr } = await run(
      path.join(repoRoot, "node_modules/.bin/tsx"),
      ["apps/server/src/cli/admin.ts", ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: "", ...options.env },
        timeout: 100_000,
        killSignal: "SIGKILL",
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as AdminResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
