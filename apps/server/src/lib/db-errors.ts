/** The SQLSTATE of a database error (PGlite and node-postgres report it as `code`; Drizzle wraps it as `cause`). */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; depth < 3; depth += 1) {
    if (typeof current !== "object" || current === null) return null;
    // Both drivers' errors carry a severity; Node's own (EPIPE…) have five-letter codes too.
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === "string" && typeof severity === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === "23505";
}

/**
 * SQLSTATE class 22 ("data exception": a NUL byte, an invalid uuid, a number out of range…) means
 * the client sent a value the database cannot take: bad input, not a fault of ours.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith("22") ?? false;
}

/**
 * SQLSTATEs of a connection the server ended or could not give (class 08 "connection exception";
 * 57P01 admin_shutdown, i.e. pg_terminate_backend or a restart; 57P02 crash_shutdown; 57P03
 * cannot_connect_now, a server still starting or failing over).
 */
const TRANSIENT_SQL_STATE = /^(08...|57P0[123])$/;

/** node-postgres's own words for a connection lost mid-query or a client that lost it before. */
const TRANSIENT_DRIVER_MESSAGE =
  /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)$/;

/** The network errors of a socket to the database (reported as Node's errno codes, no severity). */
const TRANSIENT_SOCKET_CODE = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);

/**
 * True when a failure is the database connection's, not the statement's: the same statement on a
 * fresh connection may well succeed. Looks through Drizzle's wrapper (`cause`) like sqlStateOf. A
 * socket error counts only inside a database query's error (Drizzle's carries the `query`), so a
 * storage or mail provider's refused connection is not taken for the database's.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state) return TRANSIENT_SQL_STATE.test(state);
  let inQuery = false;
  for (let current = error, depth = 0; depth < 3; depth += 1) {
    if (typeof current !== "object" || current === null) return false;
    const { message, code, query } = current as { message?: unknown; code?: unknown; query?: unknown };
    if (typeof query === "string") inQuery = true;
    if (typeof message === "string" && TRANSIENT_DRIVER_MESSAGE.test(message)) return true;
    if (inQuery && typeof code === "string" && TRANSIENT_SOCKET_CODE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A statement that only reads, so running it again after a lost connection cannot do anything
 * twice: a SELECT without row locks and without the functions that act (notify, sequences, advisory
 * locks, settings). Anything else, and anything unsure, counts as a write.
 */
export function isReadOnlyStatement(text: string): boolean {
  const statement = text.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, "");
  if (!/^select\b/i.test(statement)) return false;
  if (statement.includes(";")) return false;
  return !/\b(for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|pg_notify|nextval|setval|pg_advisory\w*|pg_try_advisory\w*|set_config|pg_terminate_backend|pg_cancel_backend)\b/i.test(
    statement,
  );
}
