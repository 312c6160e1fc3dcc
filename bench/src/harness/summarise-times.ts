import type { SubjectResult } from "./benchmark";
import { percentile, sortedAscending } from "./percentile";

/**
 * A subject measured as a list of times (clicks, starts, …) rather than a load: "requests/s" reads as
 * 1 / the mean time, the latencies are the times' percentiles.
 */
export function summariseTimes(
  name: string,
  description: string,
  latencies: number[],
  bytes: number[] = [],
  details: Record<string, number> = {},
): SubjectResult {
  const sorted = sortedAscending(latencies);
  const mean = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
  return {
    name,
    description,
    requestsPerSecond: 1000 / mean,
    latencyP50Ms: percentile(sorted, 50),
    latencyP95Ms: percentile(sorted, 95),
    latencyP99Ms: percentile(sorted, 99),
    requests: latencies.length,
    bytesPerResponse: bytes.length > 0 ? bytes.reduce((sum, value) => sum + value, 0) / bytes.length : 0,
    details: { meanMs: Math.round(mean), slowestMs: Math.round(sorted[sorted.length - 1] ?? 0), ...details },
  };
}
