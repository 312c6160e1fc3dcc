import os from "node:os";
import { benchmarks } from "./benchmarks";
import type { Benchmark } from "./harness/benchmark";
import { compareSubjects } from "./harness/compare-subjects";
import { printTable } from "./harness/print-table";
import { readSettings } from "./harness/read-settings";
import { writeResults } from "./harness/write-results";

/**
 * `npm run bench` runs every benchmark; `npm run bench -- health` runs the named ones. Benchmarks
 * only report: timings on shared machines are too noisy to pass or fail a build on.
 */
async function run(names: string[]): Promise<void> {
  const settings = readSettings();
  const selected = selectBenchmarks(names);
  for (const benchmark of selected) {
    process.stderr.write(`${benchmark.name}: ${benchmark.description}\n`);
    const loadAverageBefore = readLoadAverage();
    const outcome = await benchmark.run(settings);
    const report = {
      benchmark,
      settings,
      outcome,
      comparison: compareSubjects(outcome),
      otherComparisons: (outcome.otherComparisons ?? []).map((pair) => compareSubjects(outcome, pair)),
      loadAverageBefore,
    };
    printTable(report);
    const file = await writeResults(report);
    console.log(`\nwritten to ${file}\n`);
  }
}

/** Other processes take CPU from the subjects; say so up front rather than publish low numbers silently. */
function readLoadAverage(): number {
  const load = os.loadavg()[0] ?? 0;
  const cores = os.availableParallelism();
  if (load > cores / 2) {
    process.stderr.write(
      `  warning: the machine is busy (1-minute load ${load.toFixed(2)} on ${cores} cores); numbers will be low and noisy\n`,
    );
  }
  return load;
}

function selectBenchmarks(names: string[]): Benchmark[] {
  if (names.length === 0) return benchmarks;
  const unknown = names.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown benchmark: ${unknown.join(", ")}; available: ${benchmarks.map((benchmark) => benchmark.name).join(", ")}`,
    );
  }
  return benchmarks.filter((benchmark) => names.includes(benchmark.name));
}

// No process.exit on success: if a server, queue or database were left open the run would hang,
// and that is a bug worth seeing rather than hiding.
run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
