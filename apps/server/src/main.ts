import { EnvError, loadEnv } from "./config/env";
import { DataDirInUseError } from "./db/data-dir-lock";
import { startRuntime } from "./runtime";

/** Entry point: `npm start` (ROLE=all), `npm run start:api`, `npm run start:worker`. */
async function main(): Promise<void> {
  const env = loadEnv();
  const runtime = await startRuntime(env);
  const log = runtime.app?.log;
  if (runtime.app) log?.info(`${env.APP_NAME} is running at ${env.publicUrl}`);
  else console.log(`${env.APP_NAME} worker started`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log?.info({ signal }, "shutting down");
    await runtime.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error("Failed to start:", error);
  process.exit(1);
});
