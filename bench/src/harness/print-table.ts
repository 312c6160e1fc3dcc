import type { BenchmarkReport, Comparison } from "./benchmark";

/** A plain-text table: readable in a terminal and pasteable into a pull request as it is. */
export function printTable(report: BenchmarkReport): void {
  const { benchmark, settings, outcome } = report;
  const withP95 = outcome.subjects.some((subject) => subject.latencyP95Ms !== undefined);
  const rows = [
    ["subject", "requests/s", "p50 ms", ...(withP95 ? ["p95 ms"] : []), "p99 ms", "bytes/response"],
    ...outcome.subjects.map((subject) => [
      subject.name,
      formatRate(subject.requestsPerSecond),
      subject.latencyP50Ms.toFixed(3),
      ...(withP95 ? [subject.latencyP95Ms?.toFixed(3) ?? ""] : []),
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
  const details = outcome.subjects
    .filter((subject) => subject.details)
    .map(
      (subject) =>
        `${subject.name}: ${Object.entries(subject.details ?? {})
          .map(([key, value]) => `${key} ${value}`)
          .join(", ")}`,
    );
  console.log(
    [
      "",
      `${benchmark.name} — ${benchmark.description}`,
      outcome.conditions ??
        `${settings.connections} connections, ${settings.durationSeconds} s measured after ${settings.warmupSeconds} s warm-up`,
      "",
      ...lines,
      ...(details.length > 0 ? ["", ...details] : []),
      "",
      ...[report.comparison, ...report.otherComparisons].map(describeComparison),
    ].join("\n"),
  );
}

function describeComparison(comparison: Comparison): string {
  const { subject, baseline } = comparison;
  const p95 =
    comparison.latencyP95Ratio === undefined ? "" : `p95 × ${comparison.latencyP95Ratio.toFixed(2)}, `;
  return (
    `${subject} / ${baseline}: requests/s × ${comparison.requestsPerSecondRatio.toFixed(2)}, ` +
    `p50 × ${comparison.latencyP50Ratio.toFixed(2)}, ${p95}` +
    `p99 × ${comparison.latencyP99Ratio.toFixed(2)} (${formatSigned(comparison.latencyP99DifferenceMs)} ms)`
  );
}

/** Whole numbers for servers; slow subjects (a portrait takes a while) keep their decimals. */
function formatRate(value: number): string {
  return value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2);
}

function formatSigned(value: number): string {
  return `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
}
