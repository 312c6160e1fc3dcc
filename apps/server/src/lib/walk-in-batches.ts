/**
 * How many due rows a periodic job reads at once: few enough that a backlog (a worker down for a
 * day, a migration that made thousands of rows due) never loads whole tables into one process.
 */
export const DEFAULT_BATCH_SIZE = 100;

/** What periodic jobs accept so tests (and operators) can choose a smaller batch. */
export type BatchOptions = { batchSize?: number };

/**
 * Walks due rows batch by batch with a keyset cursor: each read asks for at most `batchSize` rows
 * whose key is after the last key seen, in key order (`where key > $last order by key limit n`).
 * Unlike re-reading "whatever is still due", the walk always ends, even when a handled row stays
 * due (a Stripe plan waiting for its invoice, a row another worker holds): it is seen once per run
 * and again by the next run. Nothing is kept between batches, so a crash loses at most the batch
 * under way, which the next run finds again because it is still due.
 */
export async function walkInBatches<Row, Key>(
  options: BatchOptions & {
    /** The next due rows after `after` (all from the start when undefined), in key order, at most `limit`. */
    read(after: Key | undefined, limit: number): Promise<Row[]>;
    keyOf(row: Row): Key;
    handle(rows: Row[]): Promise<void>;
  },
): Promise<void> {
  const limit = options.batchSize ?? DEFAULT_BATCH_SIZE;
  // Zero or a fraction would read nothing, silently; Infinity would read everything at once.
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(`A batch size must be a positive integer, got ${limit}`);
  }
  let after: Key | undefined;
  for (;;) {
    const rows = await options.read(after, limit);
    const last = rows.at(-1);
    if (last === undefined) return;
    await options.handle(rows);
    // A short batch was the last one: no need to ask again only to be told so.
    if (rows.length < limit) return;
    after = options.keyOf(last);
  }
}
