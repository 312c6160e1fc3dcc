/** How hard and how long a subject is loaded; the same for every subject of a benchmark. */
export type HttpLoad = {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
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

/** What the load generator process sends back over IPC. */
export type LoadGeneratorMessage = { ok: true; measurement: HttpMeasurement } | { ok: false; error: string };
