/** A database kind a benchmark measures on: PGlite always, PostgreSQL when a server is named. */
export type BenchDatabase = { label: "PGlite" | "PostgreSQL"; postgresUrl?: string };

/** PGlite, then PostgreSQL too when BENCH_DATABASE_URL names a server (a database is made on it). */
export function benchDatabases(): BenchDatabase[] {
  const databases: BenchDatabase[] = [{ label: "PGlite" }];
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) databases.push({ label: "PostgreSQL", postgresUrl });
  return databases;
}
