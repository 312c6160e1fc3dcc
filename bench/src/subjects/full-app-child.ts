import type { FullAppChildMessage } from "./full-app-process";
import { type FullAppOptions, startFullApp } from "./start-full-app";

/*
 * Child process started by full-app-process.ts: starts the product, says where it listens, answers
 * questions about its memory, and closes it when told to (or when the bench process goes away, so
 * a bench that fails leaves no server behind).
 */

function send(message: FullAppChildMessage): void {
  process.send?.(message);
}

async function main(options: FullAppOptions): Promise<void> {
  const app = await startFullApp(options);
  let closing = false;
  // Closed once, whichever comes first: the bench's word or its going away.
  const closeAndExit = (code: number) => {
    if (closing) return;
    closing = true;
    void app.close().finally(() => process.exit(code));
  };
  process.on("message", (message) => {
    if (message === "memory") {
      // resourceUsage().maxRSS is in KiB.
      send({ memory: { rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 } });
    } else if (message === "close") closeAndExit(0);
  });
  process.on("disconnect", () => closeAndExit(1));
  send({ ready: true, origin: app.origin, databasePoolMax: app.env.DATABASE_POOL_MAX });
}

main(JSON.parse(process.argv[2] ?? "{}") as FullAppOptions).catch((error: unknown) => {
  // Exit only once the message is handed over, or the parent could see the exit first.
  const failed = error instanceof Error ? error.message : String(error);
  process.send?.({ failed } satisfies FullAppChildMessage, () => process.exit(1));
});
