import { performance } from "node:perf_hooks";
import type { BenchSettings, SubjectResult } from "./benchmark";
import { percentile, sortedAscending } from "./percentile";

/** The conditions line of a benchmark measured with `measureSequential`. */
export function sequentialConditions(settings: BenchSettings): string {
  return `one at a time, ${settings.durationSeconds} s measured per subject after ${settings.warmupSeconds} s warm-up`;
}

/**
 * Runs `work` on the inputs in turn, one at a time, for the measured time after a discarded
 * warm-up (which goes through every input at least once: first-use costs such as a style's art or
 * a lazily loaded model must not count). "requests/s" reads as inputs per second; "bytes/response"
 * as the bytes `work` produced per input.
 */
export async function measureSequential<Input>(
  subject: { name: string; description: string },
  inputs: readonly Input[],
  settings: BenchSettings,
  work: (input: Input) => Promise<number>,
): Promise<SubjectResult> {
  if (inputs.length === 0) throw new Error(`${subject.name}: nothing to measure`);
  const next = (i: number) => inputs[i % inputs.length] as Input;
  process.stderr.write(`  ${subject.name}: warming up\n`);
  const warmupUntil = performance.now() + settings.warmupSeconds * 1000;
  for (let i = 0; performance.now() < warmupUntil || i < inputs.length; i++) await work(next(i));
  process.stderr.write(`  ${subject.name}: measuring\n`);
  const latencies: number[] = [];
  let bytes = 0;
  const start = performance.now();
  const until = start + settings.durationSeconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const began = performance.now();
    bytes += await work(next(i));
    latencies.push(performance.now() - began);
  }
  const seconds = (performance.now() - start) / 1000;
  const sorted = sortedAscending(latencies);
  return {
    ...subject,
    requestsPerSecond: latencies.length / seconds,
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    requests: latencies.length,
    bytesPerResponse: bytes / latencies.length,
  };
}
