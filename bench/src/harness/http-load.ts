/** How hard and how long a subject is loaded; the same for every subject of a benchmark. */
export type HttpLoad = {
  url: string;
  /**
   * The request when it is not a plain GET, the same for every request: an authenticated POST
   * carries its session and family headers and a JSON body.
   */
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /**
   * Requests per second over all connections (autocannon's `overallRate`); unset, as fast as the
   * subject answers. A paced load probes how quickly a server answers while it does other work,
   * without taking the CPU that work needs.
   */
  ratePerSecond?: number;
  /**
   * Measure from when the generator reports `measuring` until it is sent `stop`, instead of for
   * `durationSeconds` (see measureHttpWhile).
   */
  untilStopped?: boolean;
};

export type HttpMeasurement = {
  /** Mean of the per-second request counts of the measured part (warm-up excluded). */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Headers and body: a subject that sends more bytes per answer pays for them. */
  bytesPerResponse: number;
};

/** What the load generator process sends back over IPC: the result, or (untilStopped) that it began. */
export type LoadGeneratorMessage =
  | { ok: true; measurement: HttpMeasurement }
  | { ok: false; error: string }
  | { measuring: true };

/** What the load generator process is sent (untilStopped): end the measurement now. */
export const STOP_MESSAGE = "stop";
