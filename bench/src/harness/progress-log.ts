/** A progress line on stderr (the results table goes to stdout). */
export function log(message: string): void {
  process.stderr.write(`  ${message}\n`);
}

/** "409 PHOTO_DUPLICATE × 3, 500 × 1": what a set of calls answered, counted. */
export function describeCalls(calls: { status: number; code?: string | null | undefined }[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const key = [call.status, call.code].filter(Boolean).join(" ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} × ${count}`).join(", ");
}
