/** Nearest-rank percentile (`p` from 0 to 100) of values sorted ascending; NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** Sorted ascending as numbers (Array.prototype.sort alone would compare them as strings). */
export function sortedAscending(values: readonly number[]): Float64Array {
  return Float64Array.from(values).sort();
}
