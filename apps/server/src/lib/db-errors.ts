/**
 * PostgreSQL's unique_violation (both PGlite and node-postgres report the SQLSTATE as `code`;
 * Drizzle wraps the driver's error in a DrizzleQueryError whose `cause` it is).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; depth < 3; depth += 1) {
    if (typeof current !== "object" || current === null) return false;
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
