import type { HttpMeasurement } from "./http-load";

/** Settings shared by every benchmark of a run, so their subjects are loaded alike. */
export type BenchSettings = {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
};

export type SubjectResult = { name: string; description: string } & HttpMeasurement;

export type BenchmarkOutcome = {
  subjects: SubjectResult[];
  /** The figure of the benchmark: `subject` relative to `baseline` (both names of subjects). */
  comparison: { subject: string; baseline: string };
};

export type Comparison = {
  subject: string;
  baseline: string;
  /** subject / baseline: 0.5 means the subject serves half as many requests per second. */
  requestsPerSecondRatio: number;
  /** subject / baseline: 2 means the subject's slowest 1 % of answers take twice as long. */
  latencyP99Ratio: number;
  latencyP99DifferenceMs: number;
};

/** Everything one benchmark's run produced, as printed and as written to its results file. */
export type BenchmarkReport = {
  benchmark: Benchmark;
  settings: BenchSettings;
  outcome: BenchmarkOutcome;
  comparison: Comparison;
  /** 1-minute load average just before the run: other work on the machine explains low numbers. */
  loadAverageBefore: number;
};

export type Benchmark = {
  name: string;
  description: string;
  run(settings: BenchSettings): Promise<BenchmarkOutcome>;
};

/** A server under test, listening on 127.0.0.1. */
export type RunningServer = {
  origin: string;
  close(): Promise<void>;
};
