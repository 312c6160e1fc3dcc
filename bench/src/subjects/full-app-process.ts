import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { RunningServer } from "../harness/benchmark";
import type { FullAppOptions } from "./start-full-app";

const childFile = fileURLToPath(new URL("./full-app-child.ts", import.meta.url));

/** What the product's process reports about its memory (bytes). */
export type ProcessMemory = {
  rss: number;
  /** The most the process has held at once since it started, setup included. */
  maxRss: number;
};

/** A server in a process of its own, whose memory a benchmark can read. */
export type MeasuredProcess = RunningServer & { memory(): Promise<ProcessMemory> };

/** The product in a process of its own, with what a benchmark may read of it from outside. */
export type FullAppProcess = MeasuredProcess & {
  /** The settings of its pool, as the product parsed them. */
  databasePoolMax: number;
};

/** What the child process sends back over IPC. */
export type FullAppChildMessage =
  | { ready: true; origin: string; databasePoolMax: number }
  | { failed: string }
  | { memory: ProcessMemory };

/**
 * `startFullApp` in a child process instead of this one, so that its resident memory is the
 * product's alone: in the bench process it would include the bench, the baselines that ran before
 * and whatever an earlier subject left for the garbage collector. `fork` reuses this process's
 * flags, so the child runs TypeScript through tsx as well.
 */
export function startFullAppProcess(options: FullAppOptions = {}): Promise<FullAppProcess> {
  const child = fork(childFile, [JSON.stringify(options)]);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let onMemory: ((memory: ProcessMemory) => void) | null = null;
  return new Promise((resolve, reject) => {
    child.on("message", (raw) => {
      const message = raw as FullAppChildMessage;
      if ("failed" in message) reject(new Error(message.failed));
      else if ("memory" in message) onMemory?.(message.memory);
      else {
        resolve({
          origin: message.origin,
          databasePoolMax: message.databasePoolMax,
          memory: () =>
            Promise.race([
              new Promise<ProcessMemory>((answer) => {
                onMemory = answer;
                child.send("memory");
              }),
              exited.then(() => Promise.reject(new Error("the product's process has ended"))),
            ]),
          close: async () => {
            // The child closes the product (and its database or folder) before it exits.
            if (child.exitCode === null) child.send("close");
            await exited;
          },
        });
      }
    });
    child.on("error", reject);
    child.once("exit", (code, signal) =>
      reject(
        new Error(`the product's process ended before it was ready (exit code ${code}, signal ${signal})`),
      ),
    );
  });
}
