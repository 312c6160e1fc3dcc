import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { type HttpLoad, type HttpMeasurement, type LoadGeneratorMessage, STOP_MESSAGE } from "./http-load";
import { percentile, sortedAscending } from "./percentile";

/*
 * Child process started by measure-http.ts: loads one URL, sends the measurement back over IPC and
 * exits. Latency percentiles are computed here from every response's own timing, because
 * autocannon's latency histogram keeps whole milliseconds and a local hello-world answers in a
 * fraction of one (its p50 would read 0 and its p99 1).
 */

/** The longest an `untilStopped` measurement may run before autocannon ends it by itself. */
const UNTIL_STOPPED_LIMIT_SECONDS = 3600;

async function generateLoad(load: HttpLoad): Promise<HttpMeasurement> {
  // The warm-up is a separate, discarded run: JIT compilation, connection set-up and lazy
  // initialisation in the subject must not count against it.
  if (load.warmupSeconds > 0) await fire(load, load.warmupSeconds);
  if (load.untilStopped) return untilStopped(load);
  const latencies: number[] = [];
  const result = await fire(load, load.durationSeconds, { latencies });
  const sorted = sortedAscending(latencies);
  return {
    requestsPerSecond: result.requests.mean,
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    requests: result.requests.total,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}

/**
 * Measures from the moment it tells the parent `measuring` until the parent sends `stop`. Only the
 * answers that arrive in between count: autocannon itself stops at its next one-second tick, and
 * what it answers after the stop belongs to no measured window. For the same reason requests/s is
 * the counted answers over the window, not autocannon's per-second samples.
 */
async function untilStopped(load: HttpLoad): Promise<HttpMeasurement> {
  const latencies: number[] = [];
  let stopped = false;
  let startedAt = 0;
  let stoppedAt = 0;
  const result = await fire(load, UNTIL_STOPPED_LIMIT_SECONDS, {
    latencies,
    isCounting: () => !stopped,
    onStart(instance) {
      startedAt = performance.now();
      process.on("message", (message) => {
        if (message !== STOP_MESSAGE || stopped) return;
        stopped = true;
        stoppedAt = performance.now();
        instance.stop();
      });
      process.send?.({ measuring: true } satisfies LoadGeneratorMessage);
    },
  });
  if (!stopped) throw new Error(`not stopped within ${UNTIL_STOPPED_LIMIT_SECONDS} s`);
  const sorted = sortedAscending(latencies);
  return {
    requestsPerSecond: latencies.length / ((stoppedAt - startedAt) / 1000),
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    requests: latencies.length,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}

function fire(
  load: HttpLoad,
  seconds: number,
  options: {
    latencies?: number[];
    isCounting?: () => boolean;
    onStart?: (instance: autocannon.Instance) => void;
  } = {},
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        connections: load.connections,
        duration: seconds,
        ...(load.method ? { method: load.method } : {}),
        ...(load.headers ? { headers: load.headers } : {}),
        ...(load.body === undefined ? {} : { body: load.body }),
        ...(load.ratePerSecond ? { overallRate: load.ratePerSecond } : {}),
      },
      (error: unknown, result) => {
        if (error) return reject(error);
        // A fast error is not a fast answer: numbers from a run with failures would flatter the subject.
        const failures = result.errors + result.timeouts + result.non2xx;
        if (failures > 0) {
          return reject(
            new Error(
              `${load.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx responses`,
            ),
          );
        }
        resolve(result);
      },
    );
    const { latencies, isCounting = () => true, onStart } = options;
    if (latencies) {
      instance.on("response", (_client, _statusCode, _bytes, responseTimeMs) => {
        if (isCounting()) latencies.push(responseTimeMs);
      });
    }
    if (onStart) instance.on("start", () => onStart(instance));
  });
}

function reply(message: LoadGeneratorMessage): void {
  // Exit only once the message is handed over, or the parent could see the exit first.
  process.send?.(message, () => process.exit(0));
}

generateLoad(JSON.parse(process.argv[2] ?? "{}") as HttpLoad).then(
  (measurement) => reply({ ok: true, measurement }),
  (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
