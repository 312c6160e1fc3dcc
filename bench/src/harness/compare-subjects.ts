import type { BenchmarkOutcome, ComparedPair, Comparison, SubjectResult } from "./benchmark";

export function compareSubjects(
  outcome: BenchmarkOutcome,
  pair: ComparedPair = outcome.comparison,
): Comparison {
  const subject = findSubject(outcome, pair.subject);
  const baseline = findSubject(outcome, pair.baseline);
  return {
    subject: subject.name,
    baseline: baseline.name,
    requestsPerSecondRatio: subject.requestsPerSecond / baseline.requestsPerSecond,
    latencyP50Ratio: subject.latencyP50Ms / baseline.latencyP50Ms,
    ...(subject.latencyP95Ms !== undefined && baseline.latencyP95Ms !== undefined
      ? { latencyP95Ratio: subject.latencyP95Ms / baseline.latencyP95Ms }
      : {}),
    latencyP99Ratio: subject.latencyP99Ms / baseline.latencyP99Ms,
    latencyP99DifferenceMs: subject.latencyP99Ms - baseline.latencyP99Ms,
  };
}

function findSubject(outcome: BenchmarkOutcome, name: string): SubjectResult {
  const found = outcome.subjects.find((subject) => subject.name === name);
  if (!found) throw new Error(`comparison names "${name}", which is not a subject of this benchmark`);
  return found;
}
