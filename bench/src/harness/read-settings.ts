import type { BenchSettings } from "./benchmark";

/** The defaults are long enough to smooth out a noisy machine and short enough to run often. */
export function readSettings(source: Record<string, string | undefined> = process.env): BenchSettings {
  return {
    durationSeconds: readNumber(source, "BENCH_DURATION_SECONDS", 10, { min: 1 }),
    warmupSeconds: readNumber(source, "BENCH_WARMUP_SECONDS", 2, { min: 0 }),
    connections: readNumber(source, "BENCH_CONNECTIONS", 10, { min: 1 }),
  };
}

function readNumber(
  source: Record<string, string | undefined>,
  key: string,
  fallback: number,
  bounds: { min: number },
): number {
  const raw = source[key];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min) {
    throw new Error(`${key} must be a whole number >= ${bounds.min}, got "${raw}"`);
  }
  return value;
}

/**
 * A count particular to one benchmark (portraits, parents, photos), from the environment: the full
 * figure by default, a smaller one for a quick trial run.
 */
export function readCount(
  key: string,
  fallback: number,
  bounds: { min: number; max: number },
  source: Record<string, string | undefined> = process.env,
): number {
  const raw = source[key];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new Error(`${key} must be a whole number from ${bounds.min} to ${bounds.max}, got "${raw}"`);
  }
  return value;
}
