import { sqlStateOf } from "./db-errors";

/**
 * What a log line may say about a failure. A database error's message holds the SQL and its
 * parameters (the client's data: names, e-mails, tokens), so only its SQLSTATE, table and
 * constraint are kept, with the stack's frames.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  // Only the "at …" frames: the stack's head repeats the message, over several lines for SQL.
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  const sqlState = sqlStateOf(error);
  if (sqlState) {
    let cause: unknown = error;
    while (cause instanceof Error && cause.cause) cause = cause.cause;
    const { table, constraint } = cause as { table?: unknown; constraint?: unknown };
    return { type: error.name, sqlState, table, constraint, stack: frames };
  }
  return { type: error.name, message: error.message, stack: frames };
}
