import type { BenchmarkOutcome, Comparison, SubjectResult } from "./benchmark";

export function compareSubjects(outcome: BenchmarkOutcome): Comparison {
  const subject = findSubject(outcome, outcome.comparison.subject);
  const baseline = findSubject(outcome, outcome.comparison.baseline);
  return {
    subject: subject.name,
    baseline: baseline.name,
    requestsPerSecondRatio: subject.requestsPerSecond / baseline.requestsPerSecond,
    latencyP99Ratio: subject.latencyP99Ms / baseline.latencyP99Ms,
    latencyP99DifferenceMs: subject.latencyP99Ms - baseline.latencyP99Ms,
  };
}

function findSubject(outcome: BenchmarkOutcome, name: string): SubjectResult {
  const found = outcome.subjects.find((subject) => subject.name === name);
  if (!found) throw new Error(`comparison names "${name}", which is not a subject of this benchmark`);
  return found;
}
