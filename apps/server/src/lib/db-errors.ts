/** PostgreSQL's unique_violation (both PGlite and node-postgres report the SQLSTATE as `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
