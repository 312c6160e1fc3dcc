import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { HttpLoad, HttpMeasurement, LoadGeneratorMessage } from "./http-load";

const loadGeneratorFile = fileURLToPath(new URL("./load-generator.ts", import.meta.url));

/**
 * Measures throughput and latency of `load.url`. The load comes from a separate process: the
 * servers run inside this one, and a client sharing their event loop (and their garbage collector)
 * would measure itself as much as the server. `fork` reuses this process's flags, so the child runs
 * TypeScript through tsx too (worker threads on Node 20 do not get tsx's loader).
 */
export function measureHttp(load: HttpLoad): Promise<HttpMeasurement> {
  return new Promise((resolve, reject) => {
    const child = fork(loadGeneratorFile, [JSON.stringify(load)]);
    let answer: LoadGeneratorMessage | undefined;
    child.on("message", (message) => {
      answer = message as LoadGeneratorMessage;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (answer?.ok) resolve(answer.measurement);
      else if (answer) reject(new Error(answer.error));
      else reject(new Error(`load generator stopped without a result (exit code ${code}, signal ${signal})`));
    });
  });
}
