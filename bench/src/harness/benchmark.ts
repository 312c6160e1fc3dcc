import type { HttpMeasurement } from "./http-load";

/** Settings shared by every benchmark of a run, so their subjects are loaded alike. */
export type BenchSettings = {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
};

export type SubjectResult = { name: string; description: string } & HttpMeasurement & {
    /** Measured only where a benchmark asks for it (few samples make p99 just the slowest one). */
    latencyP95Ms?: number;
    /** Figures particular to one benchmark (counts, a final balance, …), printed and written as they are. */
    details?: Record<string, number | string>;
  };

/** Two subjects of one benchmark: `subject` relative to `baseline` (both names of subjects). */
export type ComparedPair = { subject: string; baseline: string };

export type BenchmarkOutcome = {
  subjects: SubjectResult[];
  /** The figure of the benchmark. */
  comparison: ComparedPair;
  /** Further pairs of the same run, e.g. the same comparison on another database. */
  otherComparisons?: ComparedPair[];
  /**
   * How the subjects were loaded, when that is not the shared settings' "connections for a duration"
   * (a burst of calls, a number of clicks); printed and written in their place.
   */
  conditions?: string;
};

export type Comparison = {
  subject: string;
  baseline: string;
  /** subject / baseline: 0.5 means the subject serves half as many requests per second. */
  requestsPerSecondRatio: number;
  /** subject / baseline: 2 means the subject's typical answer takes twice as long. */
  latencyP50Ratio: number;
  /** subject / baseline, when both subjects have a p95. */
  latencyP95Ratio?: number;
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
  otherComparisons: Comparison[];
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
