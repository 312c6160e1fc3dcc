import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchmarkReport, Comparison } from "./benchmark";

export const resultsDir = fileURLToPath(new URL("../../results/", import.meta.url));

/** BENCH_RESULTS_DIR, for trial runs whose files must not replace the committed ones; else results/. */
function chosenResultsDir(): string {
  const chosen = process.env.BENCH_RESULTS_DIR;
  return chosen ? path.resolve(chosen) : resultsDir;
}

/**
 * Writes bench/results/<name>.json (or <name>.json in BENCH_RESULTS_DIR), which is committed: with
 * the machine and the settings beside the numbers, a later run can tell whether it differs from
 * this one or just ran elsewhere.
 */
export async function writeResults(report: BenchmarkReport): Promise<string> {
  const { benchmark, settings, outcome } = report;
  const cpus = os.cpus();
  const json = {
    benchmark: benchmark.name,
    description: benchmark.description,
    date: new Date().toISOString(),
    loadAverageBefore: round(report.loadAverageBefore, 2),
    machine: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cores: os.availableParallelism(),
      cpu: cpus[0]?.model.trim() ?? "unknown",
      memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    },
    settings,
    ...(outcome.conditions ? { conditions: outcome.conditions } : {}),
    subjects: outcome.subjects.map((subject) => ({
      ...subject,
      // Slow subjects (a portrait, a click) keep two decimals; servers one.
      requestsPerSecond: round(subject.requestsPerSecond, subject.requestsPerSecond < 10 ? 2 : 1),
      latencyP50Ms: round(subject.latencyP50Ms, 3),
      ...(subject.latencyP95Ms === undefined ? {} : { latencyP95Ms: round(subject.latencyP95Ms, 3) }),
      latencyP99Ms: round(subject.latencyP99Ms, 3),
      bytesPerResponse: Math.round(subject.bytesPerResponse),
    })),
    comparison: roundComparison(report.comparison),
    ...(report.otherComparisons.length > 0
      ? { otherComparisons: report.otherComparisons.map(roundComparison) }
      : {}),
  };
  const dir = chosenResultsDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${benchmark.name}.json`);
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  return file;
}

function roundComparison(comparison: Comparison) {
  return {
    ...comparison,
    requestsPerSecondRatio: round(comparison.requestsPerSecondRatio, 3),
    latencyP50Ratio: round(comparison.latencyP50Ratio, 3),
    ...(comparison.latencyP95Ratio === undefined
      ? {}
      : { latencyP95Ratio: round(comparison.latencyP95Ratio, 3) }),
    latencyP99Ratio: round(comparison.latencyP99Ratio, 3),
    latencyP99DifferenceMs: round(comparison.latencyP99DifferenceMs, 3),
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
