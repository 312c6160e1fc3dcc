import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type HttpLoad, type HttpMeasurement, type LoadGeneratorMessage, STOP_MESSAGE } from "./http-load";

const loadGeneratorFile = fileURLToPath(new URL("./load-generator.ts", import.meta.url));

/**
 * Measures throughput and latency of `load.url`. The load comes from a separate process: the
 * servers run inside this one, and a client sharing their event loop (and their garbage collector)
 * would measure itself as much as the server. `fork` reuses this process's flags, so the child runs
 * TypeScript through tsx too (worker threads on Node 20 do not get tsx's loader).
 */
export function measureHttp(load: HttpLoad): Promise<HttpMeasurement> {
  return startLoadGenerator({ ...load, untilStopped: false }).result;
}

/**
 * Measures `load.url` for exactly as long as `during` runs (after the load's own warm-up, if it
 * has one): `during` starts once the load generator is measuring, and the generator is stopped as
 * soon as `during` settles. Answers both; if either fails, so does this, and the generator is ended.
 */
export async function measureHttpWhile<T>(
  load: Omit<HttpLoad, "durationSeconds" | "untilStopped">,
  during: () => Promise<T>,
): Promise<{ measurement: HttpMeasurement; value: T }> {
  const generator = startLoadGenerator({ ...load, durationSeconds: 0, untilStopped: true });
  // Kept from rejecting unhandled while `during` runs; awaited below.
  const result = generator.result.then(
    (measurement) => ({ ok: true as const, measurement }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const measuring = await Promise.race([generator.measuring.then(() => true), result.then(() => false)]);
  if (!measuring) {
    const outcome = await result;
    throw outcome.ok ? new Error("the load generator ended before it measured") : outcome.error;
  }
  let value: T;
  try {
    value = await during();
  } catch (error) {
    generator.child.kill();
    await result;
    throw error;
  }
  generator.child.send(STOP_MESSAGE);
  const outcome = await result;
  if (!outcome.ok) throw outcome.error;
  return { measurement: outcome.measurement, value };
}

function startLoadGenerator(load: HttpLoad): {
  child: ChildProcess;
  /** Resolves once the generator measures (untilStopped only). */
  measuring: Promise<void>;
  result: Promise<HttpMeasurement>;
} {
  const child = fork(loadGeneratorFile, [JSON.stringify(load)]);
  let onMeasuring = () => {};
  const measuring = new Promise<void>((resolve) => {
    onMeasuring = resolve;
  });
  const result = new Promise<HttpMeasurement>((resolve, reject) => {
    let answer: Exclude<LoadGeneratorMessage, { measuring: true }> | undefined;
    child.on("message", (raw) => {
      const message = raw as LoadGeneratorMessage;
      if ("measuring" in message) onMeasuring();
      else answer = message;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (answer?.ok) resolve(answer.measurement);
      else if (answer) reject(new Error(answer.error));
      else reject(new Error(`load generator stopped without a result (exit code ${code}, signal ${signal})`));
    });
  });
  return { child, measuring, result };
}
