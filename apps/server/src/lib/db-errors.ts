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
