import type { BenchmarkReport } from "./benchmark";

/** A plain-text table: readable in a terminal and pasteable into a pull request as it is. */
export function printTable(report: BenchmarkReport): void {
  const { benchmark, settings, outcome, comparison } = report;
  const rows = [
    ["subject", "requests/s", "p50 ms", "p99 ms", "bytes/response"],
    ...outcome.subjects.map((subject) => [
      subject.name,
      subject.requestsPerSecond.toFixed(0),
      subject.latencyP50Ms.toFixed(3),
      subject.latencyP99Ms.toFixed(3),
      subject.bytesPerResponse.toFixed(0),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const lines = rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  "),
  );
  const { subject, baseline } = comparison;
  console.log(
    [
      "",
      `${benchmark.name} — ${benchmark.description}`,
      `${settings.connections} connections, ${settings.durationSeconds} s measured after ${settings.warmupSeconds} s warm-up`,
      "",
      ...lines,
      "",
      `${subject} / ${baseline}: requests/s × ${comparison.requestsPerSecondRatio.toFixed(2)}, ` +
        `p99 × ${comparison.latencyP99Ratio.toFixed(2)} (${formatSigned(comparison.latencyP99DifferenceMs)} ms)`,
    ].join("\n"),
  );
}

function formatSigned(value: number): string {
  return `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
}
